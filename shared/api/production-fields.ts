import { z } from 'zod';
import { convertsFinitely, UNCONVERTIBLE_MESSAGE, type Quantity } from './units.js';

/** The production fields in the API's table order (which is also response order). */
export const PRODUCTION_FIELDS = [
  'oil_rate',
  'water_rate',
  'gas_rate',
  'bhp',
  'thp',
  'choke_size',
  'runtime',
  'gor',
  'watercut',
] as const;

export type ProductionField = (typeof PRODUCTION_FIELDS)[number];
export const productionFieldSchema = z.enum(PRODUCTION_FIELDS);

export interface FieldRule {
  quantity: Quantity;
  label: string;
  min: number;
  max: number;
}

export const FIELD_RULES: Record<ProductionField, FieldRule> = {
  oil_rate: { quantity: 'liquidRate', label: 'Oil rate', min: 0, max: Infinity },
  water_rate: { quantity: 'liquidRate', label: 'Water rate', min: 0, max: Infinity },
  gas_rate: { quantity: 'gasRate', label: 'Gas rate', min: 0, max: Infinity },
  bhp: { quantity: 'pressure', label: 'Bottom-hole pressure', min: 0, max: Infinity },
  thp: { quantity: 'pressure', label: 'Tubing head pressure', min: 0, max: Infinity },
  choke_size: { quantity: 'choke', label: 'Choke size', min: 0, max: Infinity },
  runtime: { quantity: 'duration', label: 'Runtime', min: 0, max: 24 },
  gor: { quantity: 'gasOilRatio', label: 'Gas-oil ratio', min: 0, max: Infinity },
  watercut: { quantity: 'percent', label: 'Watercut', min: 0, max: 100 },
};

export function isProductionField(name: string): name is ProductionField {
  return Object.hasOwn(FIELD_RULES, name);
}

/**
 * The reason a field value breaks the API's rule, or null when it is fine.
 * Shared by the server, the CSV importer and the records grid so all say the same.
 */
export function fieldValueProblem(field: ProductionField, value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return 'must be a finite number or null';
  }
  const rule = FIELD_RULES[field];
  if (value < rule.min) return `must be ≥ ${rule.min}`;
  if (value > rule.max) return `must be between ${rule.min} and ${rule.max}`;
  if (!convertsFinitely(rule.quantity, value)) return UNCONVERTIBLE_MESSAGE;
  return null;
}
