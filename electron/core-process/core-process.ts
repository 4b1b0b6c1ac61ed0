import type { MessagePortMain } from 'electron';
import { runCoreService, type ParentLink, type PortLink } from './core-service.js';

/**
 * The entry of the core's Electron utility process (bundled to dist/electron/core-process.cjs
 * and started by main.ts with utilityProcess.fork). It only adapts Electron's parentPort and
 * MessagePortMain to the core service; the work is in core-service.ts.
 */

function portLink(port: MessagePortMain): PortLink {
  const link: PortLink = {
    onMessage: (listener) => {
      port.on('message', (event) => listener(event.data));
    },
    onClose: (listener) => {
      port.on('close', listener);
    },
    post: (message) => port.postMessage(message),
    close: () => port.close(),
  };
  return link;
}

const parentPort = process.parentPort;
if (!parentPort) {
  process.stderr.write(
    'core-process runs inside Flowline (an Electron utility process), not on its own.\n',
  );
  process.exit(1);
}

const parent: ParentLink = {
  onMessage: (listener) => {
    parentPort.on('message', (event) => {
      const ports = event.ports.map(portLink);
      listener(event.data, ports);
      // Listeners are attached synchronously above; only now may queued messages flow.
      for (const port of event.ports) port.start();
    });
  },
  post: (message) => parentPort.postMessage(message),
};

runCoreService(parent, { exit: (code) => process.exit(code) });
