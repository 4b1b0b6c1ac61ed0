/** Rounding and trend shapes shared by the record generators. */

/** Field data is reported to a tenth (rates, pressures) or a hundredth (watercut). */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A quantity that settles from `from` towards `to` with time constant `tau`
 * (days): from + (to − from)·(1 − e^(−day/tau)). Most trends here have this
 * shape. Asked day after day it multiplies by e^(−1/tau) instead of calling
 * Math.exp, which matters at a million records and a handful of trends each.
 */
export class Trend {
  private day = 0;
  private decay = 1;
  private readonly factor: number;

  constructor(
    private readonly from: number,
    private readonly to: number,
    private readonly tau: number,
  ) {
    this.factor = Math.exp(-1 / tau);
  }

  at(day: number): number {
    if (day === this.day + 1) this.decay *= this.factor;
    else if (day !== this.day) this.decay = Math.exp(-day / this.tau);
    this.day = day;
    return this.to + (this.from - this.to) * this.decay;
  }
}
