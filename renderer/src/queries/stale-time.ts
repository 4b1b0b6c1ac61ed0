/**
 * How long an answer counts as fresh unless a query says otherwise: a re-read within five
 * seconds of the last is served from react-query's cache (main.tsx's default). Production
 * answers the core holds whole are fresh until it says the cache changed
 * (pages/well/production-query.ts).
 */
export const DEFAULT_STALE_MS = 5_000;
