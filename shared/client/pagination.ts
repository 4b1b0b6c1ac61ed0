import { ApiCallError, CLIENT_ERROR_CODES } from './api-call-error.js';
import type { ListPage } from './response-schemas.js';

/**
 * Follows `nextCursor` until it is null. Cursors are opaque (docs/api-v1.md), so the
 * only sanity check possible is that a page does not send us back to a cursor
 * we already followed, which would otherwise loop for ever.
 */
export async function* followPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>,
  firstCursor?: string,
): AsyncGenerator<ListPage<T>, void, undefined> {
  const seen = new Set<string>();
  let cursor = firstCursor;
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    if (page.nextCursor === null) return;
    if (seen.has(page.nextCursor)) {
      throw new ApiCallError({
        status: 200,
        code: CLIENT_ERROR_CODES.INVALID_RESPONSE,
        message:
          'The list returned a nextCursor it had already returned; stopping to avoid an endless loop',
      });
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** The items of every page, one by one. */
export async function* itemsOf<T>(
  pages: AsyncIterable<ListPage<T>>,
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page.data;
}
