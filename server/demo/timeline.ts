import type { WellStatus } from '#shared/api/index.js';
import { DayCursor } from './days.js';
import type { Random } from './random.js';

/**
 * The operating calendar of one well, day by day: which days are reported,
 * how many hours it ran, when it was shut in and when it went off line for
 * good. The physics (rates, pressures) is layered on top by the record
 * generators; keeping the calendar apart lets producers, injectors and
 * observers share the same, realistic pattern of gaps and outages.
 */
export interface TimelineOptions {
  firstDay: number;
  lastDay: number;
  status: WellStatus;
  /** Unplanned shut-ins (workovers, offset fracs, pipeline curtailments) per year. */
  shutInsPerYear: number;
  /** Share of flowing days with a partial outage (runtime below 24 h). */
  downtimeRate: number;
  /** Share of days that start a gap in reporting (SCADA outage, late field ticket). */
  missingRate: number;
}

const NEVER = Number.MAX_SAFE_INTEGER;

export class Timeline {
  readonly length: number;
  /** Index of the current day, 0 = first production. */
  day = -1;
  /** Hours on line today. */
  runtime = 24;
  /** 0 while flowing; k on the k-th day of a shut-in. */
  shutInDay = 0;
  /** Days since the well came back from its last shut-in (large if never shut in). */
  sinceReopen = NEVER;
  /** An inactive well past its last producing day. */
  offline = false;
  /** Today is not reported at all. */
  missing = false;

  private readonly cursor: DayCursor;
  private readonly shutIns: Array<[start: number, end: number]>;
  private nextShutIn = 0;
  private readonly offlineFrom: number;
  private gapLeft = 0;

  constructor(
    private readonly rng: Random,
    private readonly options: TimelineOptions,
  ) {
    this.length = options.lastDay - options.firstDay + 1;
    this.cursor = new DayCursor(options.firstDay);
    const n = this.length;
    const planned: Array<[number, number]> = [];
    const count = Math.round((n / 365.25) * options.shutInsPerYear * rng.range(0.5, 1.5));
    for (let i = 0; i < count && n > 120; i++) {
      const start = rng.int(60, n - 30);
      // Mostly a few days (a workover, a compressor); now and then weeks (an offset frac).
      const duration = rng.chance(0.75) ? rng.int(1, 7) : rng.int(8, 60);
      planned.push([start, start + duration]);
    }
    if (options.status === 'shut_in') {
      // Shut-in wells are shut in today: the history ends with a run of zero days.
      planned.push([n - rng.int(7, Math.min(150, Math.floor(n / 4))), n]);
    }
    this.shutIns = mergeIntervals(planned);
    // Inactive wells stop producing some months or years before today. They stay
    // on the daily report with zero rates and no gauge data rather than vanishing,
    // so every well's history still runs to today (see records.ts).
    this.offlineFrom =
      options.status === 'inactive'
        ? n - rng.int(90, Math.max(90, Math.min(1_100, n - 730)))
        : NEVER;
  }

  /** ISO date of the current day. */
  date(): string {
    return this.cursor.iso();
  }

  /** Moves to the next day; false once past `lastDay`. */
  next(): boolean {
    if (this.day >= 0) this.cursor.advance();
    this.day++;
    const d = this.day;
    if (d >= this.length) return false;

    this.offline = d >= this.offlineFrom;
    let interval = this.shutIns[this.nextShutIn];
    while (interval && interval[1] <= d) interval = this.shutIns[++this.nextShutIn];
    const wasShut = this.shutInDay > 0;
    this.shutInDay = interval && interval[0] <= d ? d - interval[0] + 1 : 0;
    if (wasShut && this.shutInDay === 0) this.sinceReopen = 0;
    else if (this.sinceReopen !== NEVER) this.sinceReopen++;

    if (this.offline || this.shutInDay > 0) {
      this.runtime = 0;
    } else if (this.sinceReopen === 0) {
      // Brought back on part-way through the day.
      this.runtime = this.rng.int(4, 44) / 2;
    } else if (this.rng.chance(this.options.downtimeRate)) {
      // Mostly short trips (a few hours), sometimes most of the day.
      this.runtime = this.rng.chance(0.6) ? this.rng.int(36, 47) / 2 : this.rng.int(2, 35) / 2;
    } else {
      this.runtime = 24;
    }

    // The first and last days are always reported, so a history spans first production to today.
    if (this.gapLeft > 0 && d < this.length - 1) {
      this.gapLeft--;
      this.missing = true;
    } else if (d > 0 && d < this.length - 1 && this.rng.chance(this.options.missingRate)) {
      this.gapLeft = this.rng.chance(0.7) ? 0 : this.rng.int(1, 3);
      this.missing = true;
    } else {
      this.gapLeft = 0;
      this.missing = false;
    }
    return true;
  }
}

function mergeIntervals(intervals: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
