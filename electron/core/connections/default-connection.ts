import { randomUUID } from 'node:crypto';
import { normaliseBaseUrl } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';

/** The embedded demo server the host starts, handed over like any other connection. */
export interface DefaultConnection {
  name: string;
  baseUrl: string;
  token: string;
}

/**
 * Keeps one 'demo' connection pointing at the host's demo server. The host
 * picks a new port and token on every launch, so the address and token are
 * updated in place: the id, and with it the cached demo data, stay. The demo
 * becomes current when nothing else is.
 */
export async function ensureDefaultConnection(
  ctx: CoreContext,
  demo: DefaultConnection,
): Promise<void> {
  const address = normaliseBaseUrl(demo.baseUrl);
  if (!address.ok) throw new Error(`defaultConnection.baseUrl: ${address.message}`);
  const existing = ctx.connections.demo();
  const id = existing?.id ?? `con_${randomUUID()}`;
  await ctx.secrets.set(id, demo.token);
  ctx.db
    .transaction(() => {
      if (existing) {
        ctx.connections.updateAddress(id, demo.name, address.baseUrl);
      } else {
        ctx.connections.insert({
          id,
          name: demo.name,
          baseUrl: address.baseUrl,
          kind: 'demo',
          createdAt: ctx.now().toISOString(),
          lastContactAt: null,
        });
      }
      if (!ctx.connections.current()) ctx.connections.setCurrent(id);
    })
    .immediate();
  ctx.clients.forget(id);
}
