import type { ConnectionRow } from '../cache/connections-repo.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { DownloadLog } from './download-log.js';
import type { DownloadProgress } from './download-progress.js';
import type { OfflineAvailabilityQuery } from './offline-availability.js';

/** What the parts of a download run share. */

export interface DownloadSpec {
  connection: ConnectionRow;
  projectId: string;
  range: DateInterval;
  /** Wells fetched over the whole range whatever their coverage says (a refresh's re-read). */
  refetch?: (wellId: string) => boolean;
  /**
   * The same run read the well list moments ago (the history pass after the recent one):
   * not read again. 20,000 wells parsed a second time were the run's largest allocation.
   */
  wellsListed?: boolean;
}

export interface RunControl {
  /** Aborts at once, requests in flight included (core closing; cancel's grace ran out). */
  signal: AbortSignal;
  /** Cancel: no new well starts; wells in flight finish and are kept. */
  stopping: AbortSignal;
  /** Wells to take before the others, asked before each well starts (an analysis waiting). */
  first?: () => ReadonlySet<string>;
  /** Wells fetched at once (DOWNLOAD_CONCURRENCY when absent). */
  concurrency?: number;
  /** Resolves when a well may start: background work lets the person's own reads go first. */
  turn?: (signal: AbortSignal) => Promise<void>;
}

export interface RunDeps {
  progress: DownloadProgress;
  log: DownloadLog;
  availability: OfflineAvailabilityQuery;
}

export interface WellTask {
  id: string;
  name: string;
  /** The parts of the range the well's coverage lacks: one request each. */
  gaps: DateInterval[];
}
