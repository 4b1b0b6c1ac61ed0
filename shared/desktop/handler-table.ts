import type { z } from 'zod';
import * as connections from './connections.js';
import * as decline from './decline.js';
import * as edits from './edits.js';
import * as files from './files.js';
import * as imports from './imports.js';
import * as notices from './notices.js';
import * as outboxDetail from './outbox-detail.js';
import * as production from './production.js';
import * as reads from './reads.js';
import * as sync from './sync.js';

/**
 * The renderer ⇄ core contract, declared once (docs/architecture.md, "Handler
 * table"): every handler's name, its one object argument and its result. The
 * renderer's `send(name, args)`, the hosts' relays and the core's
 * implementation (`satisfies`) are all typed from this.
 */
export interface Handlers {
  'connections-list': {
    args: connections.ConnectionsListArgs;
    result: connections.ConnectionsListResult;
  };
  'connections-add': {
    args: connections.ConnectionsAddArgs;
    result: connections.ConnectionSummary;
  };
  'connections-test': {
    args: connections.ConnectionsTestArgs;
    result: connections.ConnectionTestResult;
  };
  'connections-switch': {
    args: connections.ConnectionsSwitchArgs;
    result: connections.ConnectionSummary;
  };
  'connections-remove': {
    args: connections.ConnectionsRemoveArgs;
    result: connections.ConnectionsRemoveResult;
  };
  'connections-set-token': {
    args: connections.ConnectionsSetTokenArgs;
    result: connections.ConnectionSummary;
  };
  'projects-list': { args: reads.ProjectsListArgs; result: reads.ProjectsListResult };
  'projects-get': { args: reads.ProjectsGetArgs; result: reads.ProjectsGetResult };
  'wells-list': { args: reads.WellsListArgs; result: reads.WellsListResult };
  'wells-get': { args: reads.WellsGetArgs; result: reads.WellsGetResult };
  'well-update': { args: edits.WellUpdateArgs; result: edits.WellUpdateResult };
  'production-get': {
    args: production.ProductionGetArgs;
    result: production.ProductionGetResult;
  };
  'records-save': { args: edits.RecordsSaveArgs; result: edits.RecordsSaveResult };
  'records-delete': { args: edits.RecordsDeleteArgs; result: edits.RecordsDeleteResult };
  'outbox-list': { args: edits.OutboxListArgs; result: edits.OutboxListResult };
  'outbox-get': { args: outboxDetail.OutboxGetArgs; result: outboxDetail.OutboxGetResult };
  'outbox-discard': { args: edits.OutboxDiscardArgs; result: edits.OutboxDiscardResult };
  'conflict-resolve': { args: edits.ConflictResolveArgs; result: edits.ConflictResolveResult };
  'sync-now': { args: sync.SyncNowArgs; result: sync.SyncStatus };
  'sync-status': { args: sync.SyncStatusArgs; result: sync.SyncStatus };
  'sync-probe': { args: sync.SyncProbeArgs; result: sync.SyncStatus };
  'offline-download-start': {
    args: sync.OfflineDownloadStartArgs;
    result: sync.DownloadStatus;
  };
  'offline-download-cancel': {
    args: sync.OfflineDownloadCancelArgs;
    result: sync.DownloadStatus;
  };
  'offline-download-status': {
    args: sync.OfflineDownloadStatusArgs;
    result: sync.DownloadStatus;
  };
  'files-grant': { args: files.FilesGrantArgs; result: files.GrantedFile };
  'import-preview': { args: imports.ImportPreviewArgs; result: imports.ImportPreviewResult };
  'import-commit': { args: imports.ImportCommitArgs; result: imports.ImportCommitResult };
  'import-invalid-csv': {
    args: imports.ImportInvalidCsvArgs;
    result: imports.ImportInvalidCsvResult;
  };
  'import-mappings-list': {
    args: imports.ImportMappingsListArgs;
    result: imports.ImportMappingsListResult;
  };
  'import-mapping-save': {
    args: imports.ImportMappingSaveArgs;
    result: imports.SavedImportMapping;
  };
  'import-mapping-delete': {
    args: imports.ImportMappingDeleteArgs;
    result: imports.ImportMappingDeleteResult;
  };
  'core-notices': { args: notices.CoreNoticesArgs; result: notices.CoreNoticesResult };
  'decline-settings-get': {
    args: decline.DeclineSettingsGetArgs;
    result: decline.DeclineSettings;
  };
  'decline-settings-save': {
    args: decline.DeclineSettingsSaveArgs;
    result: decline.DeclineSettings;
  };
  'decline-fit-run': { args: decline.DeclineFitRunArgs; result: decline.SavedDeclineFit };
  'decline-fit-save': { args: decline.DeclineFitSaveArgs; result: decline.SavedDeclineFit };
  'decline-fits-get': { args: decline.DeclineFitsGetArgs; result: decline.DeclineFitsGetResult };
  'decline-fit-delete': {
    args: decline.DeclineFitDeleteArgs;
    result: decline.DeclineFitDeleteResult;
  };
  'forecast-all-start': { args: decline.ForecastAllStartArgs; result: decline.ForecastAllStatus };
  'forecast-all-status': {
    args: decline.ForecastAllStatusArgs;
    result: decline.ForecastAllStatus;
  };
  'forecast-all-cancel': {
    args: decline.ForecastAllCancelArgs;
    result: decline.ForecastAllStatus;
  };
}

export type HandlerName = keyof Handlers;
export type HandlerArgs<K extends HandlerName> = Handlers[K]['args'];
export type HandlerResult<K extends HandlerName> = Handlers[K]['result'];

/** One handler as implemented: validated argument in, result out, CoreError on failure. */
export type HandlerFn<K extends HandlerName> = (args: HandlerArgs<K>) => Promise<HandlerResult<K>>;
export type HandlerTable = { [K in HandlerName]: HandlerFn<K> };

/**
 * The zod schema of every handler's argument. The core parses with these before
 * doing anything; the renderer may use them to validate forms. `satisfies`
 * keeps each schema and the table's `args` type from drifting apart.
 */
export const HANDLER_ARG_SCHEMAS = {
  'connections-list': connections.connectionsListArgsSchema,
  'connections-add': connections.connectionsAddArgsSchema,
  'connections-test': connections.connectionsTestArgsSchema,
  'connections-switch': connections.connectionsSwitchArgsSchema,
  'connections-remove': connections.connectionsRemoveArgsSchema,
  'connections-set-token': connections.connectionsSetTokenArgsSchema,
  'projects-list': reads.projectsListArgsSchema,
  'projects-get': reads.projectsGetArgsSchema,
  'wells-list': reads.wellsListArgsSchema,
  'wells-get': reads.wellsGetArgsSchema,
  'well-update': edits.wellUpdateArgsSchema,
  'production-get': production.productionGetArgsSchema,
  'records-save': edits.recordsSaveArgsSchema,
  'records-delete': edits.recordsDeleteArgsSchema,
  'outbox-list': edits.outboxListArgsSchema,
  'outbox-get': outboxDetail.outboxGetArgsSchema,
  'outbox-discard': edits.outboxDiscardArgsSchema,
  'conflict-resolve': edits.conflictResolveArgsSchema,
  'sync-now': sync.syncNowArgsSchema,
  'sync-status': sync.syncStatusArgsSchema,
  'sync-probe': sync.syncProbeArgsSchema,
  'offline-download-start': sync.offlineDownloadStartArgsSchema,
  'offline-download-cancel': sync.offlineDownloadCancelArgsSchema,
  'offline-download-status': sync.offlineDownloadStatusArgsSchema,
  'files-grant': files.filesGrantArgsSchema,
  'import-preview': imports.importPreviewArgsSchema,
  'import-commit': imports.importCommitArgsSchema,
  'import-invalid-csv': imports.importInvalidCsvArgsSchema,
  'import-mappings-list': imports.importMappingsListArgsSchema,
  'import-mapping-save': imports.importMappingSaveArgsSchema,
  'import-mapping-delete': imports.importMappingDeleteArgsSchema,
  'core-notices': notices.coreNoticesArgsSchema,
  'decline-settings-get': decline.declineSettingsGetArgsSchema,
  'decline-settings-save': decline.declineSettingsSaveArgsSchema,
  'decline-fit-run': decline.declineFitRunArgsSchema,
  'decline-fit-save': decline.declineFitSaveArgsSchema,
  'decline-fits-get': decline.declineFitsGetArgsSchema,
  'decline-fit-delete': decline.declineFitDeleteArgsSchema,
  'forecast-all-start': decline.forecastAllStartArgsSchema,
  'forecast-all-status': decline.forecastAllStatusArgsSchema,
  'forecast-all-cancel': decline.forecastAllCancelArgsSchema,
} as const satisfies { [K in HandlerName]: z.ZodType<HandlerArgs<K>> };

export const HANDLER_NAMES = Object.keys(HANDLER_ARG_SCHEMAS) as HandlerName[];

export function isHandlerName(name: string): name is HandlerName {
  return Object.hasOwn(HANDLER_ARG_SCHEMAS, name);
}

/**
 * Who may call each handler. `renderer`: the page, through the hosts' relays
 * (Electron's MessagePort, the browser host's /rpc). `host`: only the host
 * process itself, for what the page must never decide: `files-grant` turns a
 * path into a readable file, so only Electron's main process, from its own
 * dialogs, drops and menu, may call it. Every handler must say; the hosts
 * refuse the page anything not marked `renderer`.
 */
export const HANDLER_CALLERS = {
  'connections-list': 'renderer',
  'connections-add': 'renderer',
  'connections-test': 'renderer',
  'connections-switch': 'renderer',
  'connections-remove': 'renderer',
  'connections-set-token': 'renderer',
  'projects-list': 'renderer',
  'projects-get': 'renderer',
  'wells-list': 'renderer',
  'wells-get': 'renderer',
  'well-update': 'renderer',
  'production-get': 'renderer',
  'records-save': 'renderer',
  'records-delete': 'renderer',
  'outbox-list': 'renderer',
  'outbox-get': 'renderer',
  'outbox-discard': 'renderer',
  'conflict-resolve': 'renderer',
  'sync-now': 'renderer',
  'sync-status': 'renderer',
  'sync-probe': 'renderer',
  'offline-download-start': 'renderer',
  'offline-download-cancel': 'renderer',
  'offline-download-status': 'renderer',
  'files-grant': 'host',
  'import-preview': 'renderer',
  'import-commit': 'renderer',
  'import-invalid-csv': 'renderer',
  'import-mappings-list': 'renderer',
  'import-mapping-save': 'renderer',
  'import-mapping-delete': 'renderer',
  'core-notices': 'renderer',
  'decline-settings-get': 'renderer',
  'decline-settings-save': 'renderer',
  'decline-fit-run': 'renderer',
  'decline-fit-save': 'renderer',
  'decline-fits-get': 'renderer',
  'decline-fit-delete': 'renderer',
  'forecast-all-start': 'renderer',
  'forecast-all-status': 'renderer',
  'forecast-all-cancel': 'renderer',
} as const satisfies { [K in HandlerName]: 'renderer' | 'host' };

export type RendererHandlerName = {
  [K in HandlerName]: (typeof HANDLER_CALLERS)[K] extends 'renderer' ? K : never;
}[HandlerName];

/** True for a handler the page may call; false for host-only handlers and unknown names. */
export function isRendererHandler(name: string): name is RendererHandlerName {
  return isHandlerName(name) && HANDLER_CALLERS[name] === 'renderer';
}
