import type { UnitSystem } from '#shared/api/index.js';
import { headerKey, isFieldTarget, WellMatcher, type WellCandidate } from '#shared/csv/index.js';
import { CoreError, MAX_RECORDS_PER_SAVE, type ImportPreviewArgs } from '#shared/desktop/index.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { editTarget } from '../outbox/edit-target.js';
import { mapColumns, missingDate } from './column-plan.js';
import { finaliseRows, noFinalRows, unmappedFields, type Routing } from './finalise-rows.js';
import type { ImportStore, PreparedImport } from './import-store.js';
import type { ImportMappingsRepo } from './mappings-repo.js';
import { routeNamedWell } from './named-well.js';
import { parseRows, rowPlan } from './parse-rows.js';
import { buildPreview } from './preview.js';
import { projectWells } from './project-wells.js';
import { readSource } from './read-source.js';
import { openRows } from './open-rows.js';
import { sampleDecimalSeparator, sniffShape } from './sniff.js';

/**
 * import-preview: read, decode, sniff, map, parse and check the whole file,
 * then describe what a commit would queue. Nothing is written; the result is
 * kept in the store under its importId for import-commit. A file that reads
 * but has no date column answers a blocked preview rather than an error.
 */
export async function prepareImport(
  ctx: CoreContext,
  store: ImportStore,
  mappings: ImportMappingsRepo,
  args: ImportPreviewArgs,
): Promise<PreparedImport> {
  const connection = resolveConnection(ctx, args.connectionId);
  const project = ctx.projects.get(connection.id, args.projectId);
  if (!project) {
    throw new CoreError(
      'not-found',
      `Project ${args.projectId} is not in the cache: open it once while connected before importing into it.`,
    );
  }
  const system: UnitSystem = project.unitSystem;
  const single = args.wellId
    ? wellCandidate(editTarget(ctx, connection, args.projectId, args.wellId).well)
    : undefined;

  const source = await readSource(args.source, ctx.files);
  const rows = await openRows(source.bytes, source.name, args);
  const shape = sniffShape(rows.head, rows.delimiter);
  const key = headerKey(shape.headers);
  const saved = args.columns === undefined ? mappings.get(key) : undefined;
  const mapping = mapColumns(shape.headers, shape.sample, system, saved, args.columns);
  const numericColumns = mapping.columns.filter((c) => isFieldTarget(c.target)).map((c) => c.index);
  const decimal =
    args.decimalSeparator ??
    saved?.decimalSeparator ??
    sampleDecimalSeparator(shape, numericColumns);
  const dateFormat = args.dateFormat ?? saved?.dateFormat ?? undefined;
  const plan = rowPlan(mapping.columns, shape, decimal, system);
  const byColumn = routingOf(ctx, connection.id, args.projectId, mapping.columns, single);

  const table = await parseRows(rows, plan);
  if (table.count === 0) {
    throw new CoreError(
      'validation',
      `The ${rows.workbook ? `sheet "${rows.workbook.sheet}" of "${source.name}"` : `file "${source.name}"`} has a header row (${rows.workbook ? 'row' : 'line'} ${shape.headerLine}) but no data rows.`,
      { issues: [{ path: 'source', message: 'has no data rows' }] },
    );
  }
  // Without a date column the file is still previewed (its columns, to map one to "Date"), but
  // no row is read: import-commit refuses it with the same message.
  const named = single
    ? routeNamedWell(table.wellCells, byColumn, single, args.wellRouting)
    : { routing: byColumn, namedWell: null, blocked: null };
  const blocked = missingDate(mapping.columns) ?? named.blocked;
  const final = blocked ? noFinalRows() : finaliseRows(table, plan, named.routing, dateFormat);
  for (const rows of final.wells.values()) {
    if (rows.records.length > MAX_RECORDS_PER_SAVE) {
      throw new CoreError(
        'validation',
        `The file has ${rows.records.length.toLocaleString('en-US')} rows for well ${rows.well.name}; at most ${MAX_RECORDS_PER_SAVE.toLocaleString('en-US')} per well can be imported at once. Split the file.`,
        { issues: [{ path: 'source', message: 'has too many rows for one well' }] },
      );
    }
  }
  const id = store.newId();
  const unmapped = unmappedFields(plan);
  const preview = buildPreview(ctx, {
    id,
    connectionId: connection.id,
    name: source.name,
    bytes: source.bytes.length,
    rows,
    shape,
    headerKey: key,
    mapping,
    plan,
    table,
    final,
    unmapped,
    untouchedChoice: args.untouchedFields ?? 'keep',
    system,
    blocked,
    namedWell: named.namedWell,
  });
  const prepared: PreparedImport = {
    id,
    connectionId: connection.id,
    projectId: args.projectId,
    unitSystem: system,
    // A file is read again for the export; sent text is all there is, so it is kept.
    source: source.file
      ? { name: source.name, file: source.file }
      : { name: source.name, text: source.bytes },
    ...(rows.workbook ? { sheet: rows.workbook.sheet } : {}),
    plan,
    headers: shape.headers,
    final,
    unmapped,
    untouchedChoice: args.untouchedFields ?? 'keep',
    skippedLines: table.skippedCount,
    preview,
    committed: false,
  };
  store.add(prepared);
  return prepared;
}

function wellCandidate(well: {
  id: string;
  name: string;
  apiNumber: string | null;
}): WellCandidate {
  return { id: well.id, name: well.name, apiNumber: well.apiNumber };
}

function routingOf(
  ctx: CoreContext,
  connectionId: string,
  projectId: string,
  columns: ReadonlyArray<{ target: string }>,
  single: WellCandidate | undefined,
): Routing {
  const byApi = columns.some((column) => column.target === 'api-number');
  const byName = columns.some((column) => column.target === 'well-name');
  if (byApi || byName) {
    const wells = projectWells(ctx.db, connectionId, projectId);
    if (wells.length === 0) {
      throw new CoreError(
        'not-found',
        `The wells of project ${projectId} are not in the cache, so the file's well column cannot be matched: open the project once while connected.`,
      );
    }
    return { matcher: new WellMatcher(wells), wellKind: byApi ? 'api-number' : 'well-name' };
  }
  if (!single) {
    throw new CoreError(
      'validation',
      'The file has no well or API number column: choose the well to import it into (wellId), or map a column to "well-name" or "api-number".',
      { issues: [{ path: 'wellId', message: 'is required for a file without a well column' }] },
    );
  }
  return { single, wellKind: 'well-name' };
}
