import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The renderer: built to dist/renderer (served by the web host and loaded by Electron).
 * `npm run dev` runs Vite with hot reload and proxies the core's HTTP surface to a web
 * host started on FLOWLINE_WEB_PORT. The page's Origin is Vite's, so the proxy presents the
 * web host's own (the host refuses /rpc and /events from any other origin).
 */
const webHost = `http://127.0.0.1:${process.env.FLOWLINE_WEB_PORT ?? '8790'}`;

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The libraries in chunks of their own, each under Vite's 500 kB warning: the app's
        // own code changes every release, React and the chart libraries rarely.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|topojson-client)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/rpc': { target: webHost, changeOrigin: true, headers: { origin: webHost } },
      '/events': { target: webHost, changeOrigin: true, headers: { origin: webHost } },
      '/session': { target: webHost, changeOrigin: true },
    },
  },
});
