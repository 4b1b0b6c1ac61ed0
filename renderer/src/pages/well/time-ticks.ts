import type { DayWindow } from './zoom.js';

/**
 * Time-axis ticks on calendar boundaries (days, month starts, year starts), each labelled
 * at the grain it steps by. recharts' time scale picks quarter-year ticks and would then
 * need a year-only label, printing "2022 2022 2022"; choosing the step ourselves keeps
 * every label distinct and every chart's ticks identical.
 */
export interface TimeTicks {
  /** Epoch milliseconds. */
  ticks: number[];
  format: (ms: number) => string;
}

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const STEPS: Array<{ unit: 'day' | 'month' | 'year'; size: number; days: number }> = [
  { unit: 'day', size: 1, days: 1 },
  { unit: 'day', size: 2, days: 2 },
  { unit: 'day', size: 7, days: 7 },
  { unit: 'day', size: 14, days: 14 },
  { unit: 'month', size: 1, days: 30.4 },
  { unit: 'month', size: 2, days: 61 },
  { unit: 'month', size: 3, days: 91 },
  { unit: 'month', size: 6, days: 182 },
  { unit: 'year', size: 1, days: 365 },
  { unit: 'year', size: 2, days: 730 },
  { unit: 'year', size: 5, days: 1826 },
  { unit: 'year', size: 10, days: 3652 },
];

/** Ticks for the window, at most `maxTicks` of them (the plot's width ÷ a label's width). */
export function timeTicks(window: DayWindow, maxTicks: number): TimeTicks {
  const span = window.to - window.from;
  const limit = Math.max(2, Math.floor(maxTicks));
  const step =
    STEPS.find((s) => span / s.days <= limit) ??
    (STEPS[STEPS.length - 1] as (typeof STEPS)[number]);
  const from = window.from * DAY_MS;
  const to = window.to * DAY_MS;
  const ticks: number[] = [];
  if (step.unit === 'day') {
    for (let day = window.from; day <= window.to; day += step.size) ticks.push(day * DAY_MS);
  } else {
    const start = new Date(from);
    let year = start.getUTCFullYear();
    let month = step.unit === 'year' ? 0 : start.getUTCMonth();
    const monthStep = step.unit === 'year' ? 12 * step.size : step.size;
    if (step.unit === 'year') year = Math.floor(year / step.size) * step.size;
    else month = Math.floor(month / step.size) * step.size;
    for (let t = Date.UTC(year, month, 1); t <= to; t = Date.UTC(year, month, 1)) {
      if (t >= from) ticks.push(t);
      month += monthStep;
    }
  }
  return { ticks, format: formatter(step.unit) };
}

function formatter(unit: 'day' | 'month' | 'year'): (ms: number) => string {
  return (ms) => {
    const date = new Date(ms);
    const month = MONTHS[date.getUTCMonth()] as string;
    if (unit === 'day') return `${month} ${date.getUTCDate()}`;
    if (unit === 'month') return `${month} ${date.getUTCFullYear()}`;
    return String(date.getUTCFullYear());
  };
}
