import type { WELL_READ_ONLY, Well } from './well.js';

/**
 * One well type, three shapes. The wire shape `Well` (./well.ts, from the contract) is the
 * base; what the server's database and the desktop cache hold, and what the desktop shows,
 * are derived from it here, so a member added to the contract reaches every layer (or fails
 * to compile where a layer has not said what to do with it).
 *
 * - wire: `Well`, lengths in the project's units (ft or m), the perforations as one object;
 * - stored: `WellInFeet`, lengths in feet as both databases keep them, the perforations as
 *   two columns; `updatedAt` may be null (a service the desktop talks to need not send it);
 * - view: `WellView` (shared/desktop/reads.ts), the wire shape in the project's units with
 *   what the cache knows besides.
 *
 * The desktop reads services that may leave members out (docs/compatibility.md), so its
 * cache and view use `KnownInPart`: the same members, those the published schema makes
 * optional nullable and the perforations allowed one end.
 *
 * `wellFromFeet` is the one stored → wire mapper; each layer's row reader produces
 * `WellInFeet` (server/store/wells-repo.ts, electron/core/cache/wells-repo.ts).
 */

/** What every shape has as the contract defines it: all but the lengths and `updatedAt`. */
export type WellCore = Omit<Well, 'lateralLength' | 'perfInterval' | 'updatedAt'>;

/** A well's lengths as both databases keep them: feet, the perforated interval as two columns. */
export interface WellLengthsInFeet {
  lateralLengthFt: number | null;
  perfTopFt: number | null;
  perfBottomFt: number | null;
}

/** A well as stored: lengths in feet. */
export type WellInFeet = WellCore & WellLengthsInFeet & { updatedAt: string | null };

/** The members a create or a patch may set, as stored (the read-only ones left out). */
export type WellInFeetWritable = Omit<WellInFeet, (typeof WELL_READ_ONLY)[number]>;

/** The wire shape, keeping the stored row's `updatedAt` (never null on the server). */
export type WellFromFeet<Row extends WellInFeet> = Omit<Well, 'updatedAt'> & Pick<Row, 'updatedAt'>;

/**
 * A stored well in its project's units: `length` turns feet into the project's length unit
 * (the server's `fromStored`, the desktop's display converter). Only the contract's members
 * are copied, whatever else the row carries.
 */
export function wellFromFeet<Row extends WellInFeet>(
  row: Row,
  length: (feet: number) => number,
): WellFromFeet<Row> {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    apiNumber: row.apiNumber,
    type: row.type,
    status: row.status,
    latitude: row.latitude,
    longitude: row.longitude,
    spudDate: row.spudDate,
    firstProductionDate: row.firstProductionDate,
    lateralLength: row.lateralLengthFt === null ? null : length(row.lateralLengthFt),
    perfInterval:
      row.perfTopFt === null || row.perfBottomFt === null
        ? null
        : { topMd: length(row.perfTopFt), bottomMd: length(row.perfBottomFt) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * A well as a service that may leave members out describes it (docs/compatibility.md):
 * type, status and timestamps may be unknown (null), and the perforations may have one end.
 */
export type KnownInPart<W extends { perfInterval: unknown }> = Omit<
  W,
  'type' | 'status' | 'createdAt' | 'updatedAt' | 'perfInterval'
> & {
  type: Well['type'] | null;
  status: Well['status'] | null;
  createdAt: string | null;
  updatedAt: string | null;
  perfInterval: { topMd: number | null; bottomMd: number | null } | null;
};

/** A stored well of the desktop cache: `WellInFeet` with the members a service may leave out. */
export type WellInFeetKnownInPart = Omit<
  KnownInPart<WellInFeet & { perfInterval: null }>,
  'perfInterval'
>;
