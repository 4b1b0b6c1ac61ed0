import { cumulativeVolume } from '../production/cumulative.js';
import { monthlyRates } from '../production/monthly-rates.js';

/**
 * Field totals: the oil, gas and water rates of a group of wells summed per day, the
 * number of wells producing that day (an oil, gas or water rate above zero), and the
 * cumulative volumes (Np, Gp, Wp of the group: the daily sums added up, each row one
 * day). A day's sum is null for a phase no well reported that day, so "nothing reported"
 * is not drawn as a zero. Wells are added in any order, as SQL aggregates of several
 * wells or one well's rows at a time (FieldTotalsBuilder), in any one unit system.
 */
export interface FieldTotalsSeries {
  /** Daily: the days any well reported; monthly: each month's first day. */
  dates: string[];
  oil: Array<number | null>;
  gas: Array<number | null>;
  water: Array<number | null>;
  /** Wells producing on the day; monthly: wells producing on any day of the month. */
  producingWells: number[];
  /** Cumulative volumes to the end of the row (rate units × 1 day). */
  cumulativeOil: Array<number | null>;
  cumulativeGas: Array<number | null>;
  cumulativeWater: Array<number | null>;
}

interface DaySums {
  oil: number | null;
  gas: number | null;
  water: number | null;
  producing: number;
}

const plus = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);

export class FieldTotalsBuilder {
  private readonly days = new Map<string, DaySums>();
  private readonly producingMonths = new Map<string, number>();

  /** Sums for one day of one or more wells (null: none of them reported the phase). */
  addDay(
    date: string,
    oil: number | null,
    gas: number | null,
    water: number | null,
    producingWells: number,
  ): void {
    const day = this.days.get(date);
    if (day) {
      day.oil = plus(day.oil, oil);
      day.gas = plus(day.gas, gas);
      day.water = plus(day.water, water);
      day.producing += producingWells;
    } else {
      this.days.set(date, { oil, gas, water, producing: producingWells });
    }
  }

  /** Wells (not counted before for this month) that produced on some day of `yyyyMm`. */
  addProducingMonth(yyyyMm: string, wells: number): void {
    this.producingMonths.set(yyyyMm, (this.producingMonths.get(yyyyMm) ?? 0) + wells);
  }

  /** The months ('YYYY-MM') of the days added so far, ascending. */
  months(): string[] {
    return [...new Set([...this.days.keys()].map((date) => date.slice(0, 7)))].sort();
  }

  daily(): FieldTotalsSeries {
    const dates = [...this.days.keys()].sort();
    const rows = dates.map((date) => this.days.get(date) as DaySums);
    const oil = rows.map((row) => row.oil);
    const gas = rows.map((row) => row.gas);
    const water = rows.map((row) => row.water);
    return {
      dates,
      oil,
      gas,
      water,
      producingWells: rows.map((row) => row.producing),
      cumulativeOil: cumulativeVolume(oil),
      cumulativeGas: cumulativeVolume(gas),
      cumulativeWater: cumulativeVolume(water),
    };
  }

  /**
   * Monthly rows: each phase's month volume ÷ the month's calendar days between the first
   * and the last day any well reported (the field's rate over the month, downtime and all;
   * shared/production/monthly-rates.ts's calendar-day rate); the wells producing in the
   * month; the cumulative volumes at the month's last reported day.
   */
  monthly(): FieldTotalsSeries {
    const daily = this.daily();
    if (daily.dates.length === 0) return daily;
    const rates = monthlyRates(
      {
        dates: daily.dates,
        values: { oil_rate: daily.oil, gas_rate: daily.gas, water_rate: daily.water },
        from: daily.dates[0] as string,
        to: daily.dates[daily.dates.length - 1] as string,
      },
      'calendar-day',
    );
    const lastRowOfMonth = new Map<string, number>();
    daily.dates.forEach((date, row) => lastRowOfMonth.set(date.slice(0, 7), row));
    const atMonthEnd = (column: Array<number | null>) =>
      rates.dates.map((month) => column[lastRowOfMonth.get(month.slice(0, 7)) as number] ?? null);
    return {
      dates: rates.dates,
      oil: rates.values.oil_rate ?? [],
      gas: rates.values.gas_rate ?? [],
      water: rates.values.water_rate ?? [],
      producingWells: rates.dates.map((month) => this.producingMonths.get(month.slice(0, 7)) ?? 0),
      cumulativeOil: atMonthEnd(daily.cumulativeOil),
      cumulativeGas: atMonthEnd(daily.cumulativeGas),
      cumulativeWater: atMonthEnd(daily.cumulativeWater),
    };
  }
}
