import type { QualityFindingView, QualityScanResult } from '#shared/desktop/index.js';
import { bringHistory } from '../replica/bring-history.js';
import { scanWell } from '#shared/quality/index.js';
import type { CoreContext } from '../core-context.js';
import type { DismissedRepo } from './dismissed-repo.js';
import { WellColumnsReader } from './well-columns-read.js';

/** How often progress is told while a scan runs. */
const PROGRESS_EVERY_MS = 100;

export interface ScanRequest {
  connectionId: string;
  projectId: string;
  /** The rules as tuned (the project's saved settings, or the scan's own). */
  minGapDays: number;
  flatLineDays: number;
}

/**
 * Scans every well of a project with production on this computer. The core answers
 * every handler on one thread, so the scan gives way after each well
 * (setImmediate): a person opening a well or typing in the grid meanwhile is answered
 * between two wells, not after the whole project.
 */
export async function scanProject(
  ctx: CoreContext,
  dismissed: DismissedRepo,
  request: ScanRequest,
): Promise<QualityScanResult> {
  const { connectionId, projectId } = request;
  const project = ctx.projects.get(connectionId, projectId);
  if (!project) throw new Error(`Project ${projectId} is not in the cache`);
  const wells = ctx.wells.query(connectionId, projectId, {}).rows;
  const reader = new WellColumnsReader(ctx);
  const findings: QualityFindingView[] = [];
  const withoutProduction: string[] = [];
  let oldest: string | null = null;
  let newest: string | null = null;
  let lastProgress = 0;
  const progress = (wellsDone: number, wellsFetching = 0) =>
    ctx.events.emit('quality-progress', {
      connectionId,
      projectId,
      wellsDone,
      wellsTotal: wells.length,
      wellsFetching,
    });
  const notWhole = await bringHistory(
    ctx,
    connectionId,
    projectId,
    wells.map((well) => well.id),
    (fetching) => progress(0, fetching),
  );
  progress(0);
  // The person's own work: background replication waits between its wells while it runs.
  await ctx.foreground.track(async () => {
    for (const [index, well] of wells.entries()) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const { columns, covered } = reader.read(connectionId, well.id, project.unitSystem);
      if (columns.length === 0) {
        withoutProduction.push(well.name);
      } else {
        for (const interval of covered) {
          if (oldest === null || interval.fetchedAt < oldest) oldest = interval.fetchedAt;
          if (newest === null || interval.fetchedAt > newest) newest = interval.fetchedAt;
        }
        const context = {
          wellId: well.id,
          unitSystem: project.unitSystem,
          spudDate: well.spudDate,
          covered,
        };
        const options = {
          flatLine: { minDays: request.flatLineDays },
          reportingGap: { minDays: request.minGapDays },
        };
        for (const finding of scanWell(columns, context, options)) {
          findings.push({ ...finding, wellName: well.name, dismissed: false });
        }
      }
      const now = Date.now();
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        progress(index + 1);
      }
    }
  });
  progress(wells.length);
  // Read after the scan: a dismissal made while it ran is in the answer.
  const hidden = dismissed.keys(connectionId, projectId);
  for (const finding of findings) finding.dismissed = hidden.has(finding.key);
  return {
    projectId,
    scannedAt: ctx.now().toISOString(),
    findings,
    wellCount: wells.length,
    wellsScanned: wells.length - withoutProduction.length,
    wellsWithoutProduction: withoutProduction,
    wellsNotWhole: wells
      .filter((well) => notWhole.has(well.id) && !withoutProduction.includes(well.name))
      .map((well) => well.name),
    oldestFetchedAt: oldest,
    newestFetchedAt: newest,
    settings: { minGapDays: request.minGapDays, flatLineDays: request.flatLineDays },
  };
}
