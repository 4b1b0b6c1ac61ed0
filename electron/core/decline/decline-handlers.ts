import { toStored, type UnitSystem } from '#shared/api/index.js';
import { CoreError, type DeclineFitSource, type DeclineStream } from '#shared/desktop/index.js';
import type { DeclineModel } from '#shared/decline/index.js';
import { emitCacheChanged, resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { toSettingsView, toStoredSettings } from './decline-settings-repo.js';
import type { StoredFit } from './decline-fits-repo.js';
import { forecastOf } from './fit-forecast.js';
import { editedFit, fitStream, type FitAttempt, type FitContext } from './fit-stream.js';
import { fitView, historyView } from './fit-view.js';
import { ForecastAll } from './forecast-all.js';
import { isStale } from './staleness.js';
import { STREAM_QUANTITY } from './stream-units.js';
import { fetchMissingHistory, historyNote, requireWell } from './well-history.js';
import { lastProducingIndex, readStreamSeries, type StreamSeries } from './well-series.js';

/**
 * decline-settings-get/save, decline-fit-run/save, decline-fits-get,
 * decline-fit-delete, decline-fit-history/restore and forecast-all-*: decline
 * analysis on this computer (cache migrations 8 and 11). Fits, their history and
 * settings live in the cache only; they are never sent to the server. Deleting a
 * fit leaves its history, so it can still be restored.
 */
export function declineHandlers(ctx: CoreContext) {
  const { declineFits: fits, declineSettings: settingsRepo } = ctx;
  const unitSystemOf = (connectionId: string, projectId: string): UnitSystem => {
    const project = ctx.projects.get(connectionId, projectId);
    if (!project) {
      throw new CoreError(
        'not-found',
        `Project ${projectId} is not on this computer: open it while connected first.`,
      );
    }
    return project.unitSystem;
  };

  /** Saves a fit that could be made, or refuses with why, naming the argument concerned. */
  const saveAttempt = (
    connectionId: string,
    attempt: FitAttempt,
    system: UnitSystem,
    source: DeclineFitSource,
  ) => {
    if (!attempt.ok) {
      const path = attempt.code === 'no-production' ? 'stream' : 'window';
      throw new CoreError('validation', attempt.message, {
        issues: [{ path, message: attempt.message }],
      });
    }
    fits.transaction(() =>
      fits.save(connectionId, attempt.fit, { source }, ctx.now().toISOString()),
    );
    announce(connectionId, attempt.fit);
    const settings = settingsRepo.get(connectionId, attempt.fit.projectId, system);
    return fitView(attempt.fit, settings, system, false);
  };

  const announce = (connectionId: string, fit: Pick<StoredFit, 'projectId' | 'wellId'>) =>
    emitCacheChanged(ctx, {
      connectionId,
      kind: 'wells',
      projectId: fit.projectId,
      wellId: fit.wellId,
    });

  const fitContext = (
    connectionId: string,
    projectId: string,
    wellId: string,
    series: StreamSeries,
    system: UnitSystem,
  ): FitContext => {
    const well = requireWell(ctx, connectionId, projectId, wellId);
    const last = lastProducingIndex(series);
    return {
      settings: settingsRepo.get(connectionId, projectId, system),
      productionVersion: fits.productionVersion(connectionId, wellId),
      savedAt: ctx.now().toISOString(),
      historyNote:
        last === null ? null : historyNote(ctx, connectionId, well, series.dates[last] as string),
    };
  };

  const forecastAll = new ForecastAll(ctx);
  const connectionOf = (connectionId: string | undefined) =>
    resolveConnection(ctx, connectionId).id;
  return defineHandlers(
    {
      'decline-settings-get': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const system = unitSystemOf(connection.id, args.projectId);
        return toSettingsView(settingsRepo.get(connection.id, args.projectId, system), system);
      },

      'decline-settings-save': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const system = unitSystemOf(connection.id, args.projectId);
        const stored = toStoredSettings(args.settings, system);
        // The wells table sorts by EUR and remaining: they follow the settings at once.
        fits.transaction(() => {
          settingsRepo.save(connection.id, args.projectId, stored, ctx.now().toISOString());
          for (const fit of fits.ofProject(connection.id, args.projectId)) {
            const forecast = forecastOf(fit, fit.stream, stored);
            fits.setForecast(
              connection.id,
              fit,
              forecast?.eur ?? null,
              forecast?.remaining ?? null,
            );
          }
        });
        emitCacheChanged(ctx, {
          connectionId: connection.id,
          kind: 'wells',
          projectId: args.projectId,
        });
        return toSettingsView(stored, system);
      },

      'decline-fit-run': async (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const system = unitSystemOf(connection.id, args.projectId);
        const well = requireWell(ctx, connection.id, args.projectId, args.wellId);
        await fetchMissingHistory(ctx, connection, well);
        const series = readStreamSeries(ctx, connection.id, args.wellId, args.stream);
        const context = fitContext(connection.id, args.projectId, args.wellId, series, system);
        const attempt = fitStream(
          series,
          {
            projectId: args.projectId,
            wellId: args.wellId,
            stream: args.stream,
            frequency: args.frequency,
            kind: args.model ?? context.settings.model,
            ...(args.window ? { window: args.window } : {}),
          },
          context,
        );
        return saveAttempt(connection.id, attempt, system, 'single-well-fit');
      },

      'decline-fit-save': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const system = unitSystemOf(connection.id, args.projectId);
        requireWell(ctx, connection.id, args.projectId, args.wellId);
        if (args.anchorDate < args.window.from || args.anchorDate > args.window.to) {
          const message = `The anchor date ${args.anchorDate} must lie inside the window ${args.window.from} to ${args.window.to}.`;
          throw new CoreError('validation', message, {
            issues: [{ path: 'anchorDate', message }],
          });
        }
        const series = readStreamSeries(ctx, connection.id, args.wellId, args.stream);
        const model = {
          ...args.model,
          qi: toStored(STREAM_QUANTITY[args.stream], args.model.qi, system),
        };
        const attempt = editedFit(
          series,
          {
            projectId: args.projectId,
            wellId: args.wellId,
            stream: args.stream,
            frequency: args.frequency,
            window: args.window,
            anchorDate: args.anchorDate,
          },
          model as DeclineModel,
          fitContext(connection.id, args.projectId, args.wellId, series, system),
        );
        return saveAttempt(connection.id, attempt, system, 'manual-edit');
      },

      'decline-fits-get': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const system = unitSystemOf(connection.id, args.projectId);
        requireWell(ctx, connection.id, args.projectId, args.wellId);
        const settings = settingsRepo.get(connection.id, args.projectId, system);
        return {
          fits: fits
            .ofWell(connection.id, args.wellId)
            .map((fit) => fitView(fit, settings, system, isStale(ctx, fits, connection.id, fit))),
        };
      },

      'decline-fit-delete': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const deleted = fits.transaction(() =>
          fits.remove(connection.id, args.wellId, args.stream as DeclineStream),
        );
        if (deleted) announce(connection.id, args);
        return { deleted };
      },

      'decline-fit-history': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const system = unitSystemOf(connection.id, args.projectId);
        requireWell(ctx, connection.id, args.projectId, args.wellId);
        const hasCurrent = fits.get(connection.id, args.wellId, args.stream) !== null;
        const entries = fits.history(connection.id, args.wellId, args.stream);
        return {
          // The latest entry is the current fit unless the fit was deleted since.
          entries: entries.map((entry, i) => historyView(entry, system, hasCurrent && i === 0)),
        };
      },

      'decline-fit-restore': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const system = unitSystemOf(connection.id, args.projectId);
        requireWell(ctx, connection.id, args.projectId, args.wellId);
        const entry = fits.historyEntry(connection.id, args.wellId, args.entryId);
        if (!entry || entry.fit.stream !== args.stream) {
          const message = `The well's ${args.stream} fit history holds no entry ${args.entryId}.`;
          throw new CoreError('not-found', message, { issues: [{ path: 'entryId', message }] });
        }
        const settings = settingsRepo.get(connection.id, args.projectId, system);
        const now = ctx.now().toISOString();
        // The fit exactly as it was saved (parameters, window, goodness, and the production
        // it saw, so it shows stale if that changed since), its EUR under today's settings.
        const forecast = forecastOf(entry.fit, entry.fit.stream, settings);
        const restored: StoredFit = {
          ...entry.fit,
          projectId: args.projectId,
          savedAt: now,
          eur: forecast?.eur ?? null,
          remaining: forecast?.remaining ?? null,
        };
        fits.transaction(() =>
          fits.save(connection.id, restored, { source: 'restore', restoredFrom: entry.id }, now),
        );
        announce(connection.id, restored);
        return fitView(restored, settings, system, isStale(ctx, fits, connection.id, restored));
      },

      'forecast-all-start': (args) => forecastAll.start(args),
      'forecast-all-status': (args) =>
        forecastAll.statusOf(connectionOf(args.connectionId), args.projectId),
      'forecast-all-cancel': (args) =>
        forecastAll.cancel(connectionOf(args.connectionId), args.projectId),
    },
    ctx.log,
  );
}
