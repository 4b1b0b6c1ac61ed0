// `npm run dev`: the web host (core + demo workspace) with Vite's hot-reloading dev server
// in front of it. Open the URL this prints; Vite proxies /rpc, /events and /session to the
// web host, so the page, its cookie and its API share one origin.
import { spawn, spawnSync } from 'node:child_process';

const webPort = process.env.FLOWLINE_WEB_PORT ?? '8790';
const vitePort = process.env.FLOWLINE_VITE_PORT ?? '5173';
const env = { ...process.env, FLOWLINE_WEB_PORT: webPort };

// The web host serves dist/renderer and refuses to start without it.
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { env, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [];
function start(command, args, onText) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  child.stdout.on('data', (chunk) => onText(String(chunk)));
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill();
    process.exit(code ?? 0);
  });
}

start('npx', ['vite', '--port', vitePort, '--strictPort'], (text) => process.stdout.write(text));
start(
  process.execPath,
  ['--import', 'tsx', 'electron/web-host/web-host.ts', '--port', webPort],
  (text) => {
    const match = /Open Flowline: http:\/\/127\.0\.0\.1:\d+(\/session\?key=\S+)/.exec(text);
    if (match)
      process.stdout.write(
        `Open Flowline with hot reload: http://localhost:${vitePort}${match[1]}\n`,
      );
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
