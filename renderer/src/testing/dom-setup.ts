import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeBridge } from './fake-bridge.js';

// jsdom's Blob has no arrayBuffer(), which every browser Flowline runs in has (the import
// dialog reads a dropped file with it): read it the way a browser would, through FileReader.
if (!('arrayBuffer' in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    value(this: Blob): Promise<ArrayBuffer> {
      return new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error ?? new Error('the blob could not be read'));
        reader.readAsArrayBuffer(this);
      });
    },
  });
}

// findBy* and waitFor wait for what a component does after its answers arrive. Testing
// Library's 1 s default made the verdict depend on the machine: the first render of a file
// (its modules compiled on first use) took longer than that with other work running beside
// it. A slow machine now takes longer; a component that never shows the thing still fails.
configure({ asyncUtilTimeout: 10_000 });

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
