import { civilFromDays, daysInMonth, epochDay, isCalendarDate } from '#shared/dates/iso-day.js';

/**
 * Dates as whole days since 1970-01-01 (shared/dates/iso-day.ts). The generator does its
 * arithmetic on these integers and only formats a string once per emitted record.
 */

export function dayNumber(isoDate: string): number {
  if (!isCalendarDate(isoDate)) {
    throw new RangeError(`"${isoDate}" is not a real calendar date written YYYY-MM-DD`);
  }
  return epochDay(isoDate);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

/**
 * Walks the calendar one day at a time. A million `Date` → ISO conversions
 * cost more than the rest of a record, so the generator steps a cursor instead.
 */
export class DayCursor {
  private year: number;
  private month: number;
  private day: number;

  constructor(start: number) {
    const { year, month, day } = civilFromDays(start);
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
    if (this.day <= daysInMonth(this.year, this.month)) return;
    this.day = 1;
    this.month++;
    if (this.month > 12) {
      this.month = 1;
      this.year++;
    }
  }
}
