import type { SecretStore } from '#core/secret-store.js';
import type { CoreToMain, MainToCore } from '#electron/ipc/core-protocol.js';

type SecretRequest = Extract<CoreToMain, { kind: 'secret-request' }>;
type SecretReply = Extract<MainToCore, { kind: 'secret-reply' }>;

const KEY = /^[\w.:-]{1,200}$/;
const MAX_TOKEN_LENGTH = 16 * 1024;

/**
 * The main process's side of the core's token requests: checked, then answered from the
 * app's SecretStore (safeStorage). Only the core's utility process can ask; the renderer
 * has no channel to it. Errors travel as a sentence, never with a token in it.
 */
export async function answerSecretRequest(
  store: SecretStore,
  request: SecretRequest,
): Promise<SecretReply> {
  const { id } = request;
  if (typeof request.key !== 'string' || !KEY.test(request.key)) {
    return { kind: 'secret-reply', id, ok: false, message: 'invalid key' };
  }
  try {
    switch (request.op) {
      case 'get':
        return { kind: 'secret-reply', id, ok: true, value: await store.get(request.key) };
      case 'set':
        if (typeof request.token !== 'string' || request.token.length > MAX_TOKEN_LENGTH) {
          return { kind: 'secret-reply', id, ok: false, message: 'invalid token' };
        }
        await store.set(request.key, request.token);
        return { kind: 'secret-reply', id, ok: true, value: null };
      case 'delete':
        await store.delete(request.key);
        return { kind: 'secret-reply', id, ok: true, value: null };
      default:
        return { kind: 'secret-reply', id, ok: false, message: 'unknown operation' };
    }
  } catch (error) {
    return { kind: 'secret-reply', id, ok: false, message: (error as Error).message };
  }
}
