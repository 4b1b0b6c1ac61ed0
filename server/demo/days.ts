import { isCalendarDate } from '../../shared/api/index.js';

/**
 * Dates as whole days since 1970-01-01 (UTC). The generator does its arithmetic
 * on these integers and only formats a string once per emitted record.
 */
const MS_PER_DAY = 86_400_000;

export function dayNumber(isoDate: string): number {
  if (!isCalendarDate(isoDate)) {
    throw new RangeError(`"${isoDate}" is not a real calendar date written YYYY-MM-DD`);
  }
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

export function isoFromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Walks the calendar one day at a time. A million `Date` → ISO conversions
 * cost more than the rest of a record, so the generator steps a cursor instead.
 */
export class DayCursor {
  private year: number;
  private month: number;
  private day: number;

  constructor(start: number) {
    const [year, month, day] = isoFromDayNumber(start).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    this.year = year;
    this.month = month;
    this.day = day;
  }

  iso(): string {
    return `${this.year}-${TWO_DIGITS[this.month]}-${TWO_DIGITS[this.day]}`;
  }

  advance(): void {
    this.day++;
    if (this.day <= 28) return;
    const length =
      this.month === 2
        ? isLeap(this.year)
          ? 29
          : 28
        : [4, 6, 9, 11].includes(this.month)
          ? 30
          : 31;
    if (this.day <= length) return;
    this.day = 1;
    this.month++;
    if (this.month > 12) {
      this.month = 1;
      this.year++;
    }
  }
}
