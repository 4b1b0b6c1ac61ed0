import { z } from 'zod';
import { requiredString } from '../api/index.js';
import type { QualityFinding } from '../quality/types.js';
import { connectionIdArg, idArg } from './common-args.js';

/**
 * The data-quality queue: a scan of the production this computer holds for one project
 * (the rules of shared/quality), and the findings the engineer has dismissed.
 */

/** A number of days a rule is tuned by, within `min`..365. */
const ruleDaysArg = (min: number) =>
  z
    .number({ message: 'must be a number of days' })
    .int({ message: 'must be a whole number of days' })
    .min(min, { message: `must be at least ${min} ${min === 1 ? 'day' : 'days'}` })
    .max(365, { message: 'must be at most 365 days' });

/**
 * The rules as tuned for a project (saved on this computer, quality-settings-*).
 * Defaults: every missing day is a gap (1), seven equal days are a flat line (7).
 */
export interface QualitySettings {
  /** The shortest run of missing days reported as a gap. */
  minGapDays: number;
  /** The shortest run of equal rates reported as a flat line. */
  flatLineDays: number;
  /** When they were saved (ISO timestamp); null: never, these are the defaults. */
  savedAt: string | null;
}

export const qualityScanArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  /** The project's saved setting unless given (a one-off scan with other rules). */
  flatLineDays: ruleDaysArg(2).optional(),
  /** The project's saved setting unless given. */
  minGapDays: ruleDaysArg(1).optional(),
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
  /** The rules as this scan applied them. */
  settings: Pick<QualitySettings, 'minGapDays' | 'flatLineDays'>;
}

/** A finding key as the scan gives it; bounded so a page cannot store a novel. */
const findingKeyArg = requiredString()
  .min(1, { message: 'must not be empty' })
  .max(600, { message: 'must be at most 600 characters' });

/** The most keys one dismissal takes: every finding of a large project, in one call. */
export const DISMISS_MAX_KEYS = 50_000;

/**
 * One finding (`key`) or many at once (`keys`: a rule's, a well's, a well's minor
 * ones; the queue picks them), exactly one of the two.
 */
export const qualityDismissArgsSchema = z
  .strictObject({
    connectionId: connectionIdArg,
    projectId: idArg,
    key: findingKeyArg.optional(),
    keys: z
      .array(findingKeyArg)
      .min(1, { message: 'must list at least one finding key' })
      .max(DISMISS_MAX_KEYS, { message: `must list at most ${DISMISS_MAX_KEYS} finding keys` })
      .optional(),
    /** true: hide them from the queue (kept on this computer); false: show them again. */
    dismissed: z.boolean(),
  })
  .superRefine((args, ctx) => {
    if ((args.key === undefined) === (args.keys === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['keys'],
        message: 'give either key (one finding) or keys (several), not both or neither',
      });
    }
  });
export type QualityDismissArgs = z.infer<typeof qualityDismissArgsSchema>;

export interface QualityDismissResult {
  /** The keys as given (one for `key`), each now dismissed or shown as asked. */
  keys: string[];
  dismissed: boolean;
}

export const qualitySettingsGetArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
});
export type QualitySettingsGetArgs = z.infer<typeof qualitySettingsGetArgsSchema>;

export const qualitySettingsSaveArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  minGapDays: ruleDaysArg(1),
  flatLineDays: ruleDaysArg(2),
});
export type QualitySettingsSaveArgs = z.infer<typeof qualitySettingsSaveArgsSchema>;

/** `quality-progress`: how far a running scan has got (a few a second at most). */
export interface QualityProgress {
  connectionId: string;
  projectId: string;
  wellsDone: number;
  wellsTotal: number;
  /** Wells whose history is still being brought to this computer before the scan starts. */
  wellsFetching: number;
}
