import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeBridge } from './fake-bridge.js';

/**
 * Before any component module loads: renderer/src/bridge/bridge.ts takes `window.flowline`
 * when a host's preload set it, so the components talk to this fake as they would to Electron.
 */
export const fakeBridge = new FakeBridge();
window.flowline = fakeBridge;

afterEach(() => {
  cleanup();
  fakeBridge.reset();
  localStorage.clear();
});
