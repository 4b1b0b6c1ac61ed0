import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The renderer: built to dist/renderer (served by the web host and loaded by Electron).
 * `npm run dev` runs Vite with hot reload and proxies the core's HTTP surface to a web
 * host started on FLOWLINE_WEB_PORT.
 */
const webHost = `http://127.0.0.1:${process.env.FLOWLINE_WEB_PORT ?? '8790'}`;

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/rpc': { target: webHost, changeOrigin: true },
      '/events': { target: webHost, changeOrigin: true },
      '/session': { target: webHost, changeOrigin: true },
    },
  },
});
