import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { IPC_CHANNELS } from '#electron/ipc/ipc-channels.js';
import { createBridgeClient } from './preload-bridge.js';

/**
 * The preload of every Flowline window (sandboxed, context-isolated; bundled to
 * dist/electron/preload.cjs). It exposes `window.flowline` — the FlowlineBridge of
 * shared/desktop plus `onMenuCommand` — and keeps the MessagePort to the core and
 * ipcRenderer to itself: the page gets functions, never the channels.
 */
const client = createBridgeClient(
  { invoke: (channel, args) => ipcRenderer.invoke(channel, args) },
  (message, error) => console.error(message, error),
  (file) => webUtils.getPathForFile(file as Parameters<typeof webUtils.getPathForFile>[0]),
);

ipcRenderer.on(IPC_CHANNELS.corePort, (event) => {
  const port = event.ports[0];
  if (port) client.attachPort(port);
});
ipcRenderer.on(IPC_CHANNELS.menuCommand, (_event, command: unknown) => client.menuCommand(command));
ipcRenderer.on(IPC_CHANNELS.importFile, (_event, message: unknown) => client.importFile(message));
ipcRenderer.send(IPC_CHANNELS.corePortRequest);

contextBridge.exposeInMainWorld('flowline', client.bridge);
