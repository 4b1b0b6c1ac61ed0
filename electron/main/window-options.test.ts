import { describe, expect, it } from 'vitest';
import {
  assertSecureWindowOptions,
  createWindowOptions,
  REQUIRED_WEB_PREFERENCES,
} from './window-options.js';

const base = {
  preloadPath: '/app/dist/electron/preload.cjs',
  bounds: { width: 1280, height: 800 },
  devTools: false,
};

describe('createWindowOptions (every Flowline window)', () => {
  it('isolates and sandboxes the renderer, with no Node and web security on', () => {
    const prefs = createWindowOptions(base).webPreferences!;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    expect(prefs.preload).toBe(base.preloadPath);
    expect(prefs.enableBlinkFeatures).toBeUndefined();
    expect(prefs.additionalArguments).toBeUndefined();
  });

  it('offers developer tools only when asked (development builds)', () => {
    expect(createWindowOptions(base).webPreferences!.devTools).toBe(false);
    expect(createWindowOptions({ ...base, devTools: true }).webPreferences!.devTools).toBe(true);
  });

  it('takes size, place and icon, and starts hidden until the first paint', () => {
    const options = createWindowOptions({
      ...base,
      bounds: { x: 10, y: 20, width: 1000, height: 700 },
      iconPath: '/icon.png',
      platform: 'linux',
    });
    expect(options).toMatchObject({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
      show: false,
      icon: '/icon.png',
    });
    expect(
      createWindowOptions({ ...base, iconPath: '/icon.png', platform: 'darwin' }).icon,
    ).toBeUndefined();
  });
});

describe('assertSecureWindowOptions', () => {
  it.each(Object.keys(REQUIRED_WEB_PREFERENCES))('refuses options that loosen %s', (key) => {
    const options = createWindowOptions(base);
    const value = REQUIRED_WEB_PREFERENCES[key as keyof typeof REQUIRED_WEB_PREFERENCES];
    const loosened = { ...options, webPreferences: { ...options.webPreferences, [key]: !value } };
    expect(() => assertSecureWindowOptions(loosened)).toThrow(key);
  });

  it('refuses a window without the preload or with extra Blink features', () => {
    const options = createWindowOptions(base);
    expect(() =>
      assertSecureWindowOptions({
        ...options,
        webPreferences: { ...options.webPreferences, preload: '' },
      }),
    ).toThrow(/preload/);
    expect(() =>
      assertSecureWindowOptions({
        ...options,
        webPreferences: { ...options.webPreferences, enableBlinkFeatures: 'Foo' },
      }),
    ).toThrow(/Blink/);
    expect(() => assertSecureWindowOptions({})).toThrow(/Insecure/);
  });
});
