// electron-builder `beforeBuild` hook (build/electron-builder.yml). electron-builder rebuilds
// native dependencies for Electron in place, in node_modules — which would leave
// node_modules/better-sqlite3 built for Electron's ABI and break the Node tests. So: keep a
// copy of Node's build, let electron-builder rebuild and package, and put Node's build back
// when electron-builder exits (whether packaging succeeded or not).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

let armed = false;

export default async function keepNodeSqlite(context) {
  const release = join(context.appDir, 'node_modules', 'better-sqlite3', 'build', 'Release');
  const backup = join(context.appDir, 'node_modules', '.cache', 'flowline-node-sqlite-build');
  // An npm `nodedir` (set on machines that build better-sqlite3 from source for Node) would
  // make node-gyp compile against Node's headers while claiming Electron's ABI.
  delete process.env.npm_config_nodedir;
  delete process.env.NPM_CONFIG_NODEDIR;
  // Called once per platform/arch: only the first call sees Node's build.
  if (!armed && existsSync(release)) {
    armed = true;
    rmSync(backup, { recursive: true, force: true });
    cpSync(release, backup, { recursive: true });
    process.once('exit', () => {
      rmSync(release, { recursive: true, force: true });
      cpSync(backup, release, { recursive: true });
      rmSync(backup, { recursive: true, force: true });
    });
  }
  return true; // go on: rebuild for Electron, then package
}
