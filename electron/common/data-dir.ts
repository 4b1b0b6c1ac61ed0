import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Flowline';

/**
 * The folder Electron's app.getPath('userData') gives Flowline on each platform, computed
 * without Electron so the browser host (`npm run web`) uses the same data by default.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_NAME);
}
