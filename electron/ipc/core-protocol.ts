import { CORE_EVENT_NAMES, type CoreEventName, type HandlerReply } from '#shared/desktop/index.js';

/**
 * The messages of the desktop app's two private channels. Type-only apart from the guards
 * (the preload bundles this file, so it stays free of dependencies).
 *
 *   renderer (preload) ⇄ core   over a MessagePort main hands to both ends
 *   main ⇄ core                 over the utility process's parentPort
 */

/** preload → core */
export interface CoreRequest {
  kind: 'request';
  id: number;
  name: string;
  args: unknown;
}

/** core → preload */
export type CoreToRenderer =
  | { kind: 'reply'; id: number; reply: HandlerReply<unknown> }
  | { kind: 'event'; event: CoreEventName; payload: unknown };

export const CORE_EVENTS: readonly CoreEventName[] = CORE_EVENT_NAMES;

export type SecretOp =
  | { op: 'get'; key: string }
  | { op: 'set'; key: string; token: string }
  | { op: 'delete'; key: string };

/** main → core */
export type MainToCore =
  | {
      kind: 'init';
      dataDir: string;
      /** Null when tokens are encrypted at rest (safeStorage). */
      secretStoreWarning: string | null;
      /** Start the embedded demo server and hand it to the core as "Demo workspace". */
      demo: boolean;
    }
  /** Carries one MessagePort: a renderer's end. */
  | { kind: 'connect'; windowId: number }
  | { kind: 'secret-reply'; id: number; ok: true; value: string | null }
  | { kind: 'secret-reply'; id: number; ok: false; message: string }
  /** The main process's own handler calls (host-only handlers such as files-grant). */
  | { kind: 'host-request'; id: number; name: string; args: unknown }
  | { kind: 'shutdown' };

/** core → main */
export type CoreToMain =
  | { kind: 'ready'; demo: { name: string; baseUrl: string } | null; notices: string[] }
  | { kind: 'fatal'; message: string }
  | ({ kind: 'secret-request'; id: number } & SecretOp)
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; message: string }
  | { kind: 'host-reply'; id: number; reply: HandlerReply<unknown> }
  | { kind: 'closed' };

export function isCoreRequest(value: unknown): value is CoreRequest {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    message.kind === 'request' &&
    typeof message.id === 'number' &&
    Number.isSafeInteger(message.id) &&
    typeof message.name === 'string' &&
    message.name.length <= 100
  );
}

export function isCoreToRenderer(value: unknown): value is CoreToRenderer {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (message.kind === 'reply') {
    return (
      typeof message.id === 'number' && typeof message.reply === 'object' && message.reply !== null
    );
  }
  return message.kind === 'event' && typeof message.event === 'string';
}
