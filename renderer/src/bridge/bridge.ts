import type {
  FlowlineBridge,
  HandlerArgs,
  RendererHandlerName,
  HandlerResult,
  IpcError,
} from '#shared/desktop/index.js';
import { createWebBridge } from './web-bridge.js';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in the browser host. */
    flowline?: FlowlineBridge;
  }
}

export const bridge: FlowlineBridge = window.flowline ?? createWebBridge();

/** A handler's failure, thrown so react-query shows it; carries the IPC error as sent. */
export class CoreCallError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message);
    this.name = 'CoreCallError';
  }
}

/** Calls a core handler and resolves to its result, or throws a CoreCallError. */
export async function send<K extends RendererHandlerName>(
  name: K,
  args: HandlerArgs<K>,
): Promise<HandlerResult<K>> {
  const reply = await bridge.send(name, args);
  if (!reply.ok) throw new CoreCallError(reply.error);
  return reply.result;
}
