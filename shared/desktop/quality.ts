import { z } from 'zod';
import { requiredString } from '../api/index.js';
import type { QualityFinding } from '../quality/types.js';
import { connectionIdArg, idArg } from './common-args.js';

/**
 * The data-quality queue: a scan of the production this computer holds for one project
 * (the rules of shared/quality), and the findings the engineer has dismissed.
 */

export const qualityScanArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  /** The shortest run of equal rates the flat-line rule flags (default 7). */
  flatLineDays: z
    .number()
    .int({ message: 'must be a whole number of days' })
    .min(2, { message: 'must be at least 2 days' })
    .max(365, { message: 'must be at most 365 days' })
    .optional(),
});
export type QualityScanArgs = z.infer<typeof qualityScanArgsSchema>;

export interface QualityFindingView extends QualityFinding {
  wellName: string;
  dismissed: boolean;
}

export interface QualityScanResult {
  projectId: string;
  /** When the scan ran (ISO timestamp). */
  scannedAt: string;
  /** Every finding, dismissed ones too (marked), by well name, then date. */
  findings: QualityFindingView[];
  /** Wells of the project in the cache. */
  wellCount: number;
  /** Wells with production on this computer (the others could not be scanned). */
  wellsScanned: number;
  /** Names of the wells with no production on this computer, by name. */
  wellsWithoutProduction: string[];
  /** Names of the wells whose whole history is not on this computer (offline): scanned on what is. */
  wellsNotWhole: string[];
  /** The oldest and newest fetch from the server among the days scanned: how old the data is. */
  oldestFetchedAt: string | null;
  newestFetchedAt: string | null;
}

/** A finding key as the scan gives it; bounded so a page cannot store a novel. */
const findingKeyArg = requiredString()
  .min(1, { message: 'must not be empty' })
  .max(600, { message: 'must be at most 600 characters' });

export const qualityDismissArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  key: findingKeyArg,
  /** true: hide it from the queue (kept on this computer); false: show it again. */
  dismissed: z.boolean(),
});
export type QualityDismissArgs = z.infer<typeof qualityDismissArgsSchema>;

export interface QualityDismissResult {
  key: string;
  dismissed: boolean;
}

/** `quality-progress`: how far a running scan has got (a few a second at most). */
export interface QualityProgress {
  connectionId: string;
  projectId: string;
  wellsDone: number;
  wellsTotal: number;
  /** Wells whose history is still being brought to this computer before the scan starts. */
  wellsFetching: number;
}
