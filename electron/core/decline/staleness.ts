import type { CoreContext } from '../core-context.js';
import type { DeclineFitsRepo, StoredFit } from './decline-fits-repo.js';
import { fingerprintLike, readStreamSeries } from './well-series.js';

/**
 * Whether a saved fit is stale: the well's production on this computer changed
 * after it was saved. Cheap in the common case: the well's production version
 * (bumped by every write that may change what the engineer sees: a refresh or
 * download that changed a server row, a queued edit added, changed, discarded
 * or sent) equals the one the fit saw. When it differs, the stream is read and
 * its fingerprint compared, so a change that leaves the data as it was (a
 * queued edit reaching the server, a refresh of equal rows) does not mark the
 * fit stale; the fit then remembers the new version and is not read again.
 */
export function isStale(
  ctx: CoreContext,
  fits: DeclineFitsRepo,
  connectionId: string,
  fit: StoredFit,
): boolean {
  const version = fits.productionVersion(connectionId, fit.wellId);
  if (version === fit.productionVersion) return false;
  const series = readStreamSeries(ctx, connectionId, fit.wellId, fit.stream);
  if (fingerprintLike(fit.fingerprint, series) !== fit.fingerprint) return true;
  try {
    fits.markSeen(connectionId, fit, version);
  } catch (error) {
    // A read-only or full cache only costs the same comparison next time.
    ctx.log({ level: 'info', message: 'Could not remember a decline fit as current', error });
  }
  return false;
}
