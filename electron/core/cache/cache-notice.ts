import { basename } from 'node:path';
import type { CoreNotice } from '#shared/desktop/index.js';
import type { MovedAside } from './open-cache.js';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * What the person is told when the cache file could not be used: what happened
 * to their unsynced changes, and where the old file is (the title is the first
 * sentence; the message goes on from it). Built from counts and paths only, so
 * it can never carry a token.
 */
export function cacheRebuiltNotice(moved: MovedAside): CoreNotice {
  const kept = `The damaged file was kept at ${moved.movedTo}.`;
  const base = {
    id: `cache-rebuilt:${basename(moved.movedTo)}`,
    kind: 'cache-rebuilt' as const,
    keptFile: moved.movedTo,
  };
  const salvage = moved.salvage;
  if (salvage === null) {
    // Not a cache of this version's to read: kept whole for the Flowline that wrote it.
    return {
      ...base,
      level: 'warning',
      title: 'The local cache was replaced',
      message: `${moved.reason} Changes queued in it were not read; the file was kept at ${moved.movedTo}.`,
    };
  }
  if (!salvage.readable) {
    return {
      ...base,
      level: 'error',
      title: 'The local cache was damaged beyond reading and was rebuilt empty',
      message: `It fills again from the server. Changes that had not been synced could not be recovered from it. ${kept}`,
    };
  }
  const recovered =
    salvage.operations === 0
      ? 'It held no unsynced changes that could be read.'
      : `${plural(salvage.operations, 'unsynced change')} to ${plural(salvage.wells, 'well')} ${salvage.operations === 1 ? 'was' : 'were'} recovered and will sync.`;
  const analysis = [
    salvage.declineSettings > 0 &&
      `the decline settings of ${plural(salvage.declineSettings, 'project')}`,
    salvage.editedFits > 0 &&
      plural(salvage.editedFits, 'decline fit you edited', 'decline fits you edited'),
    salvage.dismissals > 0 && plural(salvage.dismissals, 'dismissed data-quality finding'),
  ].filter((part): part is string => part !== false);
  const keptWork =
    analysis.length === 0
      ? ''
      : ` Also kept: ${analysis.length === 1 ? analysis[0] : `${analysis.slice(0, -1).join(', ')} and ${analysis.at(-1)}`}.`;
  const missing: string[] = [];
  if (salvage.lost > 0)
    missing.push(
      `${plural(salvage.lost, 'change')} could not be read and ${salvage.lost === 1 ? 'is' : 'are'} not in the new cache`,
    );
  if (salvage.partlyRead > 0)
    missing.push(
      `${plural(salvage.partlyRead, 'recovered change')} ${salvage.partlyRead === 1 ? 'is' : 'are'} missing days that could not be read`,
    );
  const loss = salvage.complete
    ? ''
    : ` Part of the file could not be read${missing.length > 0 ? `: ${missing.join('; ')}` : ''}.`;
  return {
    ...base,
    level: salvage.complete ? 'warning' : 'error',
    title: 'The local cache was damaged and was rebuilt',
    message: `${recovered}${keptWork}${loss} ${kept}`,
  };
}
