import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/**
 * The one factory every Flowline window is created with. The security settings are not
 * options: a caller can choose the size, never loosen the sandbox.
 */
export interface WindowOptionsInput {
  /** Absolute path of the bundled preload (dist/electron/preload.cjs). */
  preloadPath: string;
  bounds: { x?: number; y?: number; width: number; height: number };
  /** Developer tools (View menu, shortcut): on in development, off in packaged builds. */
  devTools: boolean;
  /** Window icon (Linux, Windows); macOS takes the bundle's. */
  iconPath?: string;
  platform?: NodeJS.Platform;
}

export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const;
export const BACKGROUND_COLOR = '#0f1720';

/** The web preferences no Flowline window may run without. */
export const REQUIRED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
} as const satisfies WebPreferences;

export function createWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  const platform = input.platform ?? process.platform;
  const options: BrowserWindowConstructorOptions = {
    ...input.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'Flowline',
    show: false,
    backgroundColor: BACKGROUND_COLOR,
    autoHideMenuBar: false,
    webPreferences: {
      ...REQUIRED_WEB_PREFERENCES,
      preload: input.preloadPath,
      devTools: input.devTools,
      spellcheck: true,
    },
  };
  if (input.iconPath && platform !== 'darwin') options.icon = input.iconPath;
  assertSecureWindowOptions(options);
  return options;
}

/** Throws if any required setting is missing or loosened (main checks before every window). */
export function assertSecureWindowOptions(options: BrowserWindowConstructorOptions): void {
  const prefs = options.webPreferences ?? {};
  const wrong = Object.entries(REQUIRED_WEB_PREFERENCES).filter(
    ([key, value]) => prefs[key as keyof WebPreferences] !== value,
  );
  if (wrong.length > 0) {
    throw new Error(`Insecure window options: ${wrong.map(([key]) => key).join(', ')}`);
  }
  if (typeof prefs.preload !== 'string' || prefs.preload === '') {
    throw new Error('Insecure window options: a window needs the Flowline preload');
  }
  if (prefs.enableBlinkFeatures || prefs.additionalArguments?.length) {
    throw new Error('Insecure window options: extra Blink features or renderer arguments');
  }
}
