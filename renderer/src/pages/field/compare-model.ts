import { FIELD_RULES, unitLabel, type UnitSystem } from '#shared/api/index.js';
import {
  alignOnProducingTime,
  hasLateral,
  LATERAL_BASIS,
  normalisePerLateral,
  typeCurve,
  type AlignmentStep,
  type PhaseDays,
  type TypeCurve,
} from '#shared/field/index.js';
import type { LegendEntry } from '../../export/svg-compose.js';
import { isolateText } from '../../shell/isolate-text.js';

/**
 * The comparison of a few wells (the Compare tab): each well's rate of one stream on
 * producing time (shared/field/align.ts), optionally per unit of lateral length
 * (shared/field/normalise.ts), and the group's P10/P50/P90 (shared/field/type-curve.ts).
 * Pure, so what is compared, left out and why is testable without a page.
 */

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 20;

export type CompareStream = 'oil' | 'gas' | 'water';
export const STREAM_FIELD = { oil: 'oil_rate', gas: 'gas_rate', water: 'water_rate' } as const;
export const STREAM_LABEL: Record<CompareStream, string> = {
  oil: 'Oil',
  gas: 'Gas',
  water: 'Water',
};

export interface CompareInput {
  id: string;
  name: string;
  /** In the project's length unit; null when unknown. */
  lateralLength: number | null;
  /** The well's daily rates on this computer; null while they are read. */
  days: PhaseDays | null;
}

export interface CompareOptions {
  stream: CompareStream;
  step: AlignmentStep;
  normalised: boolean;
  unitSystem: UnitSystem;
}

export interface ComparedWell {
  id: string;
  name: string;
  colour: string;
  values: Array<number | null>;
}

export interface Comparison {
  /** bbl/d, or bbl/d per 1,000 ft when normalised. */
  unit: string;
  wells: ComparedWell[];
  /** Names of wells with no producing day on this computer: not in the comparison. */
  withoutProduction: string[];
  /** Names of wells without a lateral length: left out of the normalised view. */
  withoutLateral: string[];
  curve: TypeCurve;
}

/** Twenty colours apart from each other and from the type curve's near-black. */
export const WELL_COLOURS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#aec7e8',
  '#ffbb78',
  '#98df8a',
  '#ff9896',
  '#c5b0d5',
  '#c49c94',
  '#f7b6d2',
  '#c7c7c7',
  '#dbdb8d',
  '#9edae5',
];

/** The type curve's lines: one near-black, told apart by dash and width (P50 solid, heavier). */
export const TYPE_CURVE_COLOUR = '#0f172a';
export const TYPE_CURVE_LINES = [
  { key: 'p10', label: 'P10 (high)', dash: '6 4', width: 2 },
  { key: 'p50', label: 'P50', dash: undefined, width: 3 },
  { key: 'p90', label: 'P90 (low)', dash: '2 3', width: 2 },
] as const;

/**
 * The exported image's legend: each well's colour, then P10, P50 and P90, each with its own
 * swatch drawn as its line is (dash and width), since all three share one colour.
 */
export function compareLegend(comparison: Comparison): LegendEntry[] {
  return [
    ...comparison.wells.map((well) => ({
      // A name's bidi controls must not turn the legend around.
      label: isolateText(well.name),
      unit: comparison.unit,
      colour: well.colour,
    })),
    ...TYPE_CURVE_LINES.map((line) => ({
      label: line.label,
      unit: comparison.unit,
      colour: TYPE_CURVE_COLOUR,
      width: line.width,
      ...(line.dash ? { dash: line.dash } : {}),
    })),
  ];
}

export function rateUnit(options: Pick<CompareOptions, 'stream' | 'normalised' | 'unitSystem'>) {
  const unit = unitLabel(FIELD_RULES[STREAM_FIELD[options.stream]].quantity, options.unitSystem);
  return options.normalised ? `${unit} ${LATERAL_BASIS[options.unitSystem].label}` : unit;
}

export function buildComparison(
  inputs: readonly CompareInput[],
  options: CompareOptions,
): Comparison {
  const comparison: Comparison = {
    unit: rateUnit(options),
    wells: [],
    withoutProduction: [],
    withoutLateral: [],
    curve: typeCurve([]),
  };
  inputs.forEach((input, index) => {
    if (!input.days) return;
    const aligned = alignOnProducingTime(input.days, input.days[options.stream], options.step);
    if (aligned.length === 0) {
      comparison.withoutProduction.push(input.name);
      return;
    }
    let values = aligned;
    if (options.normalised) {
      if (!hasLateral(input.lateralLength)) {
        comparison.withoutLateral.push(input.name);
        return;
      }
      values = normalisePerLateral(aligned, input.lateralLength, options.unitSystem);
    }
    comparison.wells.push({
      id: input.id,
      name: input.name,
      colour: WELL_COLOURS[index % WELL_COLOURS.length] as string,
      values,
    });
  });
  comparison.curve = typeCurve(comparison.wells.map((well) => well.values));
  return comparison;
}

/** What the ranking of a selection needs of a well (a WellView has it). */
export interface RankedWell {
  id: string;
  name: string;
  lastProduction: { oilRate: number | null } | null;
}

/**
 * The selection's wells by their latest oil rate, highest first (the rate the wells table
 * and the map show); a well without one, or not in `wells`, after those with one; ties by
 * name. Ids of the selection only, each once.
 */
export function rankByLatestOil(
  selection: readonly string[],
  wells: readonly RankedWell[],
): string[] {
  const byId = new Map(wells.map((well) => [well.id, well]));
  const rate = (id: string) => byId.get(id)?.lastProduction?.oilRate ?? null;
  const name = (id: string) => byId.get(id)?.name ?? id;
  return [...new Set(selection)].sort((a, b) => {
    const ra = rate(a);
    const rb = rate(b);
    if (ra !== rb) {
      if (ra === null) return 1;
      if (rb === null) return -1;
      return rb - ra;
    }
    return name(a).localeCompare(name(b), 'en') || (a < b ? -1 : a > b ? 1 : 0);
  });
}

/**
 * The wells a selection starts the comparison with: all of it, or, when it holds more wells
 * than a comparison takes, the MAX_COMPARED with the highest latest oil rate. `wells` is the
 * selection's wells as listed; until they are (undefined), an oversized selection starts
 * with nothing, as there is nothing to rank it by.
 */
export function initialChoice(
  selection: readonly string[] | null,
  wells?: readonly RankedWell[],
): {
  chosen: string[];
  /** The selection's size when it holds more wells than a comparison takes. */
  tooMany: number | null;
} {
  if (!selection) return { chosen: [], tooMany: null };
  if (selection.length <= MAX_COMPARED) return { chosen: [...selection], tooMany: null };
  return {
    chosen: wells ? rankByLatestOil(selection, wells).slice(0, MAX_COMPARED) : [],
    tooMany: selection.length,
  };
}

/**
 * The names of the selected wells that are not chosen, highest latest oil rate first
 * (what a person most likely wants to swap in leads).
 */
export function notDrawnNames(
  selection: readonly string[],
  chosen: readonly string[],
  wells: readonly RankedWell[],
): string[] {
  const byId = new Map(wells.map((well) => [well.id, well.name]));
  const drawn = new Set(chosen);
  return rankByLatestOil(selection, wells)
    .filter((id) => !drawn.has(id))
    .map((id) => byId.get(id) ?? id);
}

/** Names a note spells out before it says "and N others". */
export const NOTE_NAMES = 8;

/** "3 more selected wells are not drawn: A, B, C." (null when every selected well is drawn). */
export function notDrawnNote(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const count = new Intl.NumberFormat('en-US').format(names.length);
  const head =
    names.length === 1
      ? '1 more selected well is not drawn'
      : `${count} more selected wells are not drawn`;
  if (names.length <= NOTE_NAMES) return `${head}: ${names.join(', ')}.`;
  const others = names.length - NOTE_NAMES;
  return `${head}: ${names.slice(0, NOTE_NAMES).join(', ')} and ${others} ${
    others === 1 ? 'other' : 'others'
  }.`;
}
