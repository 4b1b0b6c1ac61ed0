import { FIELD_RULES, unitLabel, type UnitSystem } from '#shared/api/index.js';
import type { ImportUntouchedField, UntouchedFieldChoice } from '#shared/desktop/index.js';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

export function valueText(value: number | null): string {
  return value === null ? 'empty' : NUMBER.format(value);
}

const days = (n: number) => `${n.toLocaleString('en-US')} day${n === 1 ? '' : 's'}`;

/**
 * What becomes of a field the file does not carry, said as a consequence: "Runtime stays
 * 2 h on 14 days whose rates change", or "Runtime is emptied on 14 days".
 */
export function untouchedConsequence(
  field: ImportUntouchedField,
  choice: UntouchedFieldChoice,
  system: UnitSystem,
): string {
  const rule = FIELD_RULES[field.field];
  const unit = unitLabel(rule.quantity, system);
  const label = rule.label;
  if (choice === 'clear') return `${label} is emptied on ${days(field.days)}.`;
  const values =
    field.min === field.max
      ? `stays ${valueText(field.min)} ${unit}`
      : `keeps its values (${valueText(field.min)}–${valueText(field.max)} ${unit})`;
  if (field.daysWithRatesChanged === 0) return `${label} ${values} on ${days(field.days)}.`;
  if (field.daysWithRatesChanged === field.days)
    return `${label} ${values} on ${days(field.days)} whose rates change.`;
  return `${label} ${values} on ${days(field.days)}, ${field.daysWithRatesChanged.toLocaleString('en-US')} of them with new rates.`;
}
