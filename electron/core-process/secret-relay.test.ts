import { describe, expect, it } from 'vitest';
import type { SecretStore } from '#core/secret-store.js';
import { answerSecretRequest } from './secret-relay.js';

function memoryStore(): SecretStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get: async (id) => map.get(id) ?? null,
    set: async (id, token) => void map.set(id, token),
    delete: async (id) => void map.delete(id),
  };
}

describe('answerSecretRequest (main process side of the core token requests)', () => {
  it('sets, gets and deletes', async () => {
    const store = memoryStore();
    expect(
      await answerSecretRequest(store, {
        kind: 'secret-request',
        id: 1,
        op: 'set',
        key: 'con_a',
        token: 't',
      }),
    ).toEqual({
      kind: 'secret-reply',
      id: 1,
      ok: true,
      value: null,
    });
    expect(
      await answerSecretRequest(store, { kind: 'secret-request', id: 2, op: 'get', key: 'con_a' }),
    ).toMatchObject({
      ok: true,
      value: 't',
    });
    await answerSecretRequest(store, { kind: 'secret-request', id: 3, op: 'delete', key: 'con_a' });
    expect(store.map.size).toBe(0);
  });

  it('refuses odd keys, tokens and operations, and reports store failures without the token', async () => {
    const store = memoryStore();
    const bad = (request: object) =>
      answerSecretRequest(store, { kind: 'secret-request', id: 9, ...request } as never);
    expect(await bad({ op: 'get', key: '../x' })).toMatchObject({
      ok: false,
      message: 'invalid key',
    });
    expect(await bad({ op: 'set', key: 'k', token: 'x'.repeat(20_000) })).toMatchObject({
      ok: false,
    });
    expect(await bad({ op: 'list', key: 'k' })).toMatchObject({
      ok: false,
      message: 'unknown operation',
    });
    const failing: SecretStore = {
      ...store,
      set: async () => Promise.reject(new Error('keychain locked')),
    };
    const reply = await answerSecretRequest(failing, {
      kind: 'secret-request',
      id: 4,
      op: 'set',
      key: 'k',
      token: 'secret-token',
    });
    expect(reply).toEqual({ kind: 'secret-reply', id: 4, ok: false, message: 'keychain locked' });
  });
});
