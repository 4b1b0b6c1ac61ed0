import { apiKey, wellNameKey, type WellCandidate } from '#shared/csv/index.js';
import type { ImportBlocked, ImportNamedWell, ImportWellRouting } from '#shared/desktop/index.js';
import type { Routing } from './finalise-rows.js';

/**
 * A file naming one well, opened on a well page. Regulators and partners name
 * a well their own way (Volve's "15/9-F-12" is the project's "Bluestem
 * 31-1H"), so matching by name would send every row to "a well this project
 * does not have". When the name finds no well of the project, the rows go to
 * the open well and the preview says so; when it finds another well, the
 * person is asked which. A file naming several wells is matched by name as
 * before, and so is one naming the open well itself.
 */
export interface NamedWellRouting {
  routing: Routing;
  namedWell: ImportNamedWell | null;
  /** Set while the name finds another well and no wellRouting was given. */
  blocked: ImportBlocked | null;
}

export function routeNamedWell(
  wellCells: readonly string[],
  byName: Routing,
  open: WellCandidate,
  chosen: ImportWellRouting | undefined,
): NamedWellRouting {
  const keep: NamedWellRouting = { routing: byName, namedWell: null, blocked: null };
  const matcher = byName.matcher;
  if (!matcher) return keep;
  const named = onlyWellNamed(wellCells, byName.wellKind);
  if (named === null) return keep;
  const found = matcher.match(named, byName.wellKind);
  if (found?.id === open.id) return keep;
  const namedWell: ImportNamedWell = {
    named,
    match: found ? { wellId: found.id, name: found.name } : null,
    into: { wellId: open.id, name: open.name },
    routing: chosen ?? (found ? null : 'this-well'),
  };
  const intoOpen: Routing = { single: open, wellKind: byName.wellKind };
  if (namedWell.routing === 'this-well') return { routing: intoOpen, namedWell, blocked: null };
  if (namedWell.routing === 'by-name') return { routing: byName, namedWell, blocked: null };
  return {
    routing: byName,
    namedWell,
    blocked: {
      reason: 'which-well',
      message: `The file names ${named}, another well of this project, but was opened on ${open.name}: choose where its rows go, into ${open.name} or into ${found!.name}.`,
    },
  };
}

/** The one well the filled cells name (as first written), or null when they name none or several. */
export function onlyWellNamed(
  cells: readonly string[],
  kind: 'well-name' | 'api-number',
): string | null {
  const keyOf = kind === 'api-number' ? apiKey : wellNameKey;
  let first: string | null = null;
  let firstKey = '';
  let previous = '';
  for (const cell of cells) {
    // Rows of one well repeat its cell: compare the text before normalising it again.
    if (cell === '' || cell === previous) continue;
    previous = cell;
    const key = keyOf(cell);
    if (first === null) {
      first = cell;
      firstKey = key;
    } else if (key !== firstKey) {
      return null;
    }
  }
  return first;
}
