import type { z } from 'zod';
import * as changes from './changes.js';
import * as connections from './connections.js';
import * as decline from './decline.js';
import * as download from './download.js';
import * as outboxEdits from './outbox-edits.js';
import * as field from './field.js';
import * as files from './files.js';
import * as imports from './imports.js';
import * as notices from './notices.js';
import * as outboxDetail from './outbox-detail.js';
import * as production from './production.js';
import * as quality from './quality.js';
import * as reads from './reads.js';
import * as replica from './replica.js';
import * as screening from './screening.js';
import * as surveillance from './surveillance.js';
import * as sync from './sync.js';
import * as wellEvents from './well-events.js';

/** Who may call a handler (see HANDLERS). */
export type HandlerCaller = 'renderer' | 'host';

declare const resultType: unique symbol;

/**
 * One handler as declared: the zod schema of its one object argument, who may
 * call it, and its result type (a phantom: types only, nothing at run time).
 */
export interface HandlerEntry<S extends z.ZodType, Result, C extends HandlerCaller> {
  readonly schema: S;
  readonly caller: C;
  readonly [resultType]?: Result;
}

/** `handler<Result>()(schema, caller)`: the result type is given, the rest inferred. */
export function handler<Result>() {
  return <S extends z.ZodType, C extends HandlerCaller>(
    schema: S,
    caller: C,
  ): HandlerEntry<S, Result, C> => ({ schema, caller });
}

/**
 * The renderer ⇄ core contract, declared once (docs/architecture.md, "Handler
 * table"): every handler's name, the schema of its one object argument (the
 * core parses with it before doing anything; the renderer may use it to
 * validate forms), its result, and who may call it. `renderer`: the page,
 * through the hosts' relays (Electron's MessagePort, the browser host's /rpc).
 * `host`: only the host process itself, for what the page must never decide:
 * `files-grant` turns a path into a readable file, so only Electron's main
 * process, from its own dialogs, drops and menu, may call it. The hosts refuse
 * the page anything not marked `renderer`. Everything below is derived from
 * this object: the renderer's `send(name, args)`, the hosts' relays and the
 * core's implementation (`satisfies HandlerTable`) are all typed from it.
 */
export const HANDLERS = {
  // Connections (connections/).
  'connections-list': handler<connections.ConnectionsListResult>()(
    connections.connectionsListArgsSchema,
    'renderer',
  ),
  'connections-add': handler<connections.ConnectionSummary>()(
    connections.connectionsAddArgsSchema,
    'renderer',
  ),
  'connections-test': handler<connections.ConnectionTestResult>()(
    connections.connectionsTestArgsSchema,
    'renderer',
  ),
  'connections-switch': handler<connections.ConnectionSummary>()(
    connections.connectionsSwitchArgsSchema,
    'renderer',
  ),
  'connections-remove': handler<connections.ConnectionsRemoveResult>()(
    connections.connectionsRemoveArgsSchema,
    'renderer',
  ),
  'connections-set-token': handler<connections.ConnectionSummary>()(
    connections.connectionsSetTokenArgsSchema,
    'renderer',
  ),
  // Projects, wells and production reads (reads/).
  'projects-list': handler<reads.ProjectsListResult>()(reads.projectsListArgsSchema, 'renderer'),
  'projects-get': handler<reads.ProjectsGetResult>()(reads.projectsGetArgsSchema, 'renderer'),
  'wells-list': handler<reads.WellsListResult>()(reads.wellsListArgsSchema, 'renderer'),
  'wells-get': handler<reads.WellsGetResult>()(reads.wellsGetArgsSchema, 'renderer'),
  'wells-index': handler<reads.WellsIndexResult>()(reads.wellsIndexArgsSchema, 'renderer'),
  // Edits, the outbox and the sync engine (outbox/, sync/).
  'well-update': handler<outboxEdits.WellUpdateResult>()(
    outboxEdits.wellUpdateArgsSchema,
    'renderer',
  ),
  'production-get': handler<production.ProductionGetResult>()(
    production.productionGetArgsSchema,
    'renderer',
  ),
  // The well page's charts: production-get's read as typed columns, and the volumes before
  // a range summed in the core.
  'production-columns': handler<production.ProductionColumnsResult>()(
    production.productionColumnsArgsSchema,
    'renderer',
  ),
  'production-volumes-before': handler<production.ProductionVolumesBeforeResult>()(
    production.productionVolumesBeforeArgsSchema,
    'renderer',
  ),
  'records-save': handler<outboxEdits.RecordsSaveResult>()(
    outboxEdits.recordsSaveArgsSchema,
    'renderer',
  ),
  'records-delete': handler<outboxEdits.RecordsDeleteResult>()(
    outboxEdits.recordsDeleteArgsSchema,
    'renderer',
  ),
  'outbox-list': handler<outboxEdits.OutboxListResult>()(
    outboxEdits.outboxListArgsSchema,
    'renderer',
  ),
  'outbox-get': handler<outboxDetail.OutboxGetResult>()(
    outboxDetail.outboxGetArgsSchema,
    'renderer',
  ),
  'outbox-discard': handler<outboxEdits.OutboxDiscardResult>()(
    outboxEdits.outboxDiscardArgsSchema,
    'renderer',
  ),
  'conflict-resolve': handler<outboxEdits.ConflictResolveResult>()(
    outboxEdits.conflictResolveArgsSchema,
    'renderer',
  ),
  // The change log (changes/).
  'changes-list': handler<changes.ChangesListResult>()(changes.changesListArgsSchema, 'renderer'),
  'changes-recent': handler<changes.ChangesRecentResult>()(
    changes.changesRecentArgsSchema,
    'renderer',
  ),
  'import-undo': handler<changes.ImportUndoResult>()(changes.importUndoArgsSchema, 'renderer'),
  'sync-now': handler<sync.SyncStatus>()(sync.syncNowArgsSchema, 'renderer'),
  'sync-status': handler<sync.SyncStatus>()(sync.syncStatusArgsSchema, 'renderer'),
  'sync-probe': handler<sync.SyncStatus>()(sync.syncProbeArgsSchema, 'renderer'),
  // Offline download (download/).
  'offline-download-start': handler<download.DownloadStatus>()(
    download.offlineDownloadStartArgsSchema,
    'renderer',
  ),
  'offline-download-cancel': handler<download.DownloadStatus>()(
    download.offlineDownloadCancelArgsSchema,
    'renderer',
  ),
  'offline-download-status': handler<download.DownloadStatus>()(
    download.offlineDownloadStatusArgsSchema,
    'renderer',
  ),
  // Files the person chose (files/) and CSV import (import/).
  'files-grant': handler<files.GrantedFile>()(files.filesGrantArgsSchema, 'host'),
  'import-preview': handler<imports.ImportPreviewResult>()(
    imports.importPreviewArgsSchema,
    'renderer',
  ),
  'import-commit': handler<imports.ImportCommitResult>()(
    imports.importCommitArgsSchema,
    'renderer',
  ),
  'import-invalid-csv': handler<imports.ImportInvalidCsvResult>()(
    imports.importInvalidCsvArgsSchema,
    'renderer',
  ),
  'import-mappings-list': handler<imports.ImportMappingsListResult>()(
    imports.importMappingsListArgsSchema,
    'renderer',
  ),
  'import-mapping-save': handler<imports.SavedImportMapping>()(
    imports.importMappingSaveArgsSchema,
    'renderer',
  ),
  'import-mapping-delete': handler<imports.ImportMappingDeleteResult>()(
    imports.importMappingDeleteArgsSchema,
    'renderer',
  ),
  // What the core had to say at start (notices/).
  'core-notices': handler<notices.CoreNoticesResult>()(notices.coreNoticesArgsSchema, 'renderer'),
  // Decline analysis (decline/).
  'decline-settings-get': handler<decline.DeclineSettings>()(
    decline.declineSettingsGetArgsSchema,
    'renderer',
  ),
  'decline-settings-save': handler<decline.DeclineSettings>()(
    decline.declineSettingsSaveArgsSchema,
    'renderer',
  ),
  'decline-fit-run': handler<decline.SavedDeclineFit>()(
    decline.declineFitRunArgsSchema,
    'renderer',
  ),
  'decline-fit-save': handler<decline.SavedDeclineFit>()(
    decline.declineFitSaveArgsSchema,
    'renderer',
  ),
  'decline-fits-get': handler<decline.DeclineFitsGetResult>()(
    decline.declineFitsGetArgsSchema,
    'renderer',
  ),
  'decline-fit-delete': handler<decline.DeclineFitDeleteResult>()(
    decline.declineFitDeleteArgsSchema,
    'renderer',
  ),
  'decline-fit-history': handler<decline.DeclineFitHistoryResult>()(
    decline.declineFitHistoryArgsSchema,
    'renderer',
  ),
  'decline-fit-restore': handler<decline.SavedDeclineFit>()(
    decline.declineFitRestoreArgsSchema,
    'renderer',
  ),
  'forecast-all-start': handler<decline.ForecastAllStatus>()(
    decline.forecastAllStartArgsSchema,
    'renderer',
  ),
  'forecast-all-status': handler<decline.ForecastAllStatus>()(
    decline.forecastAllStatusArgsSchema,
    'renderer',
  ),
  'forecast-all-cancel': handler<decline.ForecastAllStatus>()(
    decline.forecastAllCancelArgsSchema,
    'renderer',
  ),
  'quality-scan': handler<quality.QualityScanResult>()(quality.qualityScanArgsSchema, 'renderer'),
  'quality-dismiss': handler<quality.QualityDismissResult>()(
    quality.qualityDismissArgsSchema,
    'renderer',
  ),
  'quality-settings-get': handler<quality.QualitySettings>()(
    quality.qualitySettingsGetArgsSchema,
    'renderer',
  ),
  'quality-settings-save': handler<quality.QualitySettings>()(
    quality.qualitySettingsSaveArgsSchema,
    'renderer',
  ),
  // Field review: totals over a project's wells (field/).
  'field-totals': handler<field.FieldTotalsResult>()(field.fieldTotalsArgsSchema, 'renderer'),
  'screening-fill-start': handler<screening.ScreeningStatus>()(
    screening.screeningFillStartArgsSchema,
    'renderer',
  ),
  'screening-fill-status': handler<screening.ScreeningStatus>()(
    screening.screeningFillStatusArgsSchema,
    'renderer',
  ),
  'screening-fill-cancel': handler<screening.ScreeningStatus>()(
    screening.screeningFillCancelArgsSchema,
    'renderer',
  ),
  // Surveillance (surveillance/).
  'variance-list': handler<surveillance.VarianceListResult>()(
    surveillance.varianceListArgsSchema,
    'renderer',
  ),
  'lost-production': handler<surveillance.LostProductionResult>()(
    surveillance.lostProductionArgsSchema,
    'renderer',
  ),
  // Well events (well-events/).
  'well-events-list': handler<wellEvents.WellEventsListResult>()(
    wellEvents.wellEventsListArgsSchema,
    'renderer',
  ),
  'well-event-save': handler<wellEvents.WellEventView>()(
    wellEvents.wellEventSaveArgsSchema,
    'renderer',
  ),
  'well-event-delete': handler<{ deleted: true }>()(
    wellEvents.wellEventDeleteArgsSchema,
    'renderer',
  ),
  'well-event-categories-save': handler<{ categories: string[] }>()(
    wellEvents.wellEventCategoriesSaveArgsSchema,
    'renderer',
  ),
  'well-events-import': handler<wellEvents.WellEventsImportResult>()(
    wellEvents.wellEventsImportArgsSchema,
    'renderer',
  ),
  // The working set kept on this computer (replica/).
  'replica-open': handler<replica.ReplicaStatus>()(replica.replicaOpenArgsSchema, 'renderer'),
  'replica-pin': handler<replica.ReplicaStatus>()(replica.replicaPinArgsSchema, 'renderer'),
  'replica-pause': handler<replica.ReplicaStatus>()(replica.replicaProjectArgsSchema, 'renderer'),
  'replica-resume': handler<replica.ReplicaStatus>()(replica.replicaProjectArgsSchema, 'renderer'),
  'replica-cancel': handler<replica.ReplicaStatus>()(replica.replicaProjectArgsSchema, 'renderer'),
  'replica-status': handler<replica.ReplicaStatus>()(replica.replicaProjectArgsSchema, 'renderer'),
  'replica-list': handler<replica.ReplicaListResult>()(replica.replicaListArgsSchema, 'renderer'),
  'replica-remove': handler<replica.ReplicaStatus>()(replica.replicaRemoveArgsSchema, 'renderer'),
  'replica-settings-save': handler<replica.ReplicaSettings>()(
    replica.replicaSettingsSaveArgsSchema,
    'renderer',
  ),
} as const;

type Declared = typeof HANDLERS;
export type HandlerName = keyof Declared;
type ResultOf<E> = E extends HandlerEntry<z.ZodType, infer Result, HandlerCaller> ? Result : never;

/** Each handler's argument (as its schema parses it) and result. */
export type Handlers = {
  [K in HandlerName]: { args: z.output<Declared[K]['schema']>; result: ResultOf<Declared[K]> };
};
export type HandlerArgs<K extends HandlerName> = Handlers[K]['args'];
export type HandlerResult<K extends HandlerName> = Handlers[K]['result'];

/** One handler as implemented: validated argument in, result out, CoreError on failure. */
export type HandlerFn<K extends HandlerName> = (args: HandlerArgs<K>) => Promise<HandlerResult<K>>;
export type HandlerTable = { [K in HandlerName]: HandlerFn<K> };

export const HANDLER_NAMES = Object.keys(HANDLERS) as HandlerName[];

export function isHandlerName(name: string): name is HandlerName {
  return Object.hasOwn(HANDLERS, name);
}

/** The schema the core parses a handler's argument with. */
export function handlerSchema<K extends HandlerName>(name: K): Declared[K]['schema'] {
  return HANDLERS[name].schema;
}

export type RendererHandlerName = {
  [K in HandlerName]: Declared[K]['caller'] extends 'renderer' ? K : never;
}[HandlerName];

/** True for a handler the page may call; false for host-only handlers and unknown names. */
export function isRendererHandler(name: string): name is RendererHandlerName {
  return isHandlerName(name) && HANDLERS[name].caller === 'renderer';
}
