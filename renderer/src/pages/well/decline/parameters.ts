import {
  diForFirstYearDecline,
  exponentialEffective,
  exponentialNominal,
  exponentOf,
  firstYearDecline,
  type DeclineModel,
} from '#shared/decline/index.js';

/**
 * The decline parameter panel's fields as the person edits them. The model holds Di and
 * Dmin NOMINAL per year (shared/decline's convention); the panel shows Di nominal, secant
 * effective (the first year's decline, for the model's b) and tangent effective (1 − e^−Di,
 * the convention of tools that quote an exponential's decline at the start), and Dmin
 * secant effective (exponential, so secant and tangent agree), all in %/yr. Every label says
 * which: a tangent value typed as a secant one would be a different curve. Each field
 * keeps the text typed into it, so a half-typed "0." or a wrong "3" stays on screen with
 * its error while the curve and the saved fit keep the last valid parameters.
 *
 * When b changes, the NOMINAL Di is kept and the secant one follows (the model's own
 * parameter does not move under a slider); typing any Di converts it into the others, exactly.
 */
export const PARAMETER_FIELDS = [
  'qi',
  'diNominal',
  'diEffective',
  'diTangent',
  'b',
  'dMin',
] as const;
export type ParameterField = (typeof PARAMETER_FIELDS)[number];

export const FIELD_LABELS: Record<ParameterField, string> = {
  qi: 'qi',
  diNominal: 'Di nominal',
  diEffective: 'Di secant effective',
  diTangent: 'Di tangent effective',
  b: 'b',
  dMin: 'Dmin secant effective',
};

/** The three ways of writing Di: typing one converts it into the other two. */
const DI_FIELDS: readonly ParameterField[] = ['diNominal', 'diEffective', 'diTangent'];

export interface ParameterDraft {
  /** The last valid parameters: what the curve, EUR and save use. */
  model: DeclineModel;
  /** Text typed into a field and not yet shown formatted (a field without one shows the model). */
  texts: Partial<Record<ParameterField, string>>;
  /** Why a typed text was refused, per field; the model ignores those texts. */
  errors: Partial<Record<ParameterField, string>>;
}

export function draftOf(model: DeclineModel): ParameterDraft {
  return { model, texts: {}, errors: {} };
}

/** The fields a model kind has: exponential and harmonic fix b; only the modified hyperbolic has Dmin. */
export function fieldsOf(model: DeclineModel): ParameterField[] {
  return PARAMETER_FIELDS.filter((field) => {
    if (field === 'b') return model.kind === 'hyperbolic' || model.kind === 'modified-hyperbolic';
    if (field === 'dMin') return model.kind === 'modified-hyperbolic';
    return true;
  });
}

/**
 * The first-year decline (secant effective, as a fraction) of the model's own rate: for a
 * modified hyperbolic it counts the switch to Dmin, and is Dmin's year when Di is below it.
 */
export function diEffectiveOf(model: DeclineModel): number {
  return firstYearDecline(model);
}

/** The model's value of a field in the units the panel shows (qi per day, declines in %/yr). */
export function fieldValue(model: DeclineModel, field: ParameterField): number {
  switch (field) {
    case 'qi':
      return model.qi;
    case 'diNominal':
      return model.di * 100;
    case 'diEffective':
      return diEffectiveOf(model) * 100;
    case 'diTangent':
      return exponentialEffective(model.di) * 100;
    case 'b':
      return exponentOf(model);
    case 'dMin':
      return model.kind === 'modified-hyperbolic' ? exponentialEffective(model.dMin) * 100 : NaN;
  }
}

/** How a field's value is written in the panel: enough digits to read a fit, not float noise. */
export function formatField(field: ParameterField, value: number): string {
  if (!Number.isFinite(value)) return '';
  const digits = field === 'b' ? 3 : field === 'qi' && Math.abs(value) >= 100 ? 1 : 2;
  return String(Number(value.toFixed(digits)));
}

/** What a field's input shows: the text being typed, else the model's value formatted. */
export function fieldText(draft: ParameterDraft, field: ParameterField): string {
  return draft.texts[field] ?? formatField(field, fieldValue(draft.model, field));
}

/**
 * The draft after the person typed `text` into `field`: the text is kept; when it is a
 * valid value the model takes it (and the other Di follows), otherwise the field carries
 * an error naming it and the model is unchanged.
 */
export function editField(
  draft: ParameterDraft,
  field: ParameterField,
  text: string,
): ParameterDraft {
  const texts = { ...draft.texts, [field]: text };
  const errors = { ...draft.errors };
  delete errors[field];
  const parsed = parseField(field, text, draft.model);
  if (typeof parsed === 'string') {
    errors[field] = parsed;
    return { model: draft.model, texts, errors };
  }
  // The other Di fields show the converted value of this one, so they drop their own text.
  if (DI_FIELDS.includes(field)) {
    for (const other of DI_FIELDS) {
      if (other === field) continue;
      delete texts[other];
      delete errors[other];
    }
  }
  // A new b changes what the secant Di means: it is shown again from the model.
  if (field === 'b') delete texts.diEffective;
  return { model: parsed, texts, errors };
}

/** The draft with every field showing the model's own value (after a save or a refit). */
export function settleDraft(draft: ParameterDraft): ParameterDraft {
  return Object.keys(draft.errors).length === 0 ? draftOf(draft.model) : draft;
}

export function hasErrors(draft: ParameterDraft): boolean {
  return Object.keys(draft.errors).length > 0;
}

/** The model with the field set from text, or the error message naming the field. */
export function parseField(
  field: ParameterField,
  text: string,
  model: DeclineModel,
): DeclineModel | string {
  const label = FIELD_LABELS[field];
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return `${label} is required.`;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return `${label} must be a number (got "${text}").`;
  switch (field) {
    case 'qi':
      return value > 0 ? { ...model, qi: value } : `qi must be greater than 0 (got ${text}).`;
    case 'diNominal':
      if (!(value > 0)) return `Di nominal must be greater than 0 %/yr (got ${text}).`;
      return { ...model, di: value / 100 };
    case 'diEffective':
      if (!(value > 0 && value < 100)) {
        return `Di secant effective must be between 0 and 100 %/yr (got ${text}).`;
      }
      if (model.kind === 'modified-hyperbolic') {
        // A modified hyperbolic never loses less in a year than its terminal decline does.
        const floor = exponentialEffective(model.dMin);
        if (value / 100 < floor * (1 - 1e-12)) {
          const shown = formatField('dMin', floor * 100);
          return `Di secant effective cannot be below Dmin secant effective (${shown} %/yr) (got ${text}).`;
        }
      }
      return { ...model, di: diForFirstYearDecline(model, value / 100) };
    case 'diTangent':
      if (!(value > 0 && value < 100)) {
        return `Di tangent effective must be between 0 and 100 %/yr (got ${text}).`;
      }
      return { ...model, di: exponentialNominal(value / 100) };
    case 'b':
      if (model.kind !== 'hyperbolic' && model.kind !== 'modified-hyperbolic') {
        return `b is fixed for the ${model.kind} model.`;
      }
      if (!(value >= 0 && value <= 2)) return `b must be between 0 and 2 (got ${text}).`;
      return { ...model, b: value };
    case 'dMin':
      if (model.kind !== 'modified-hyperbolic')
        return 'Dmin applies to the modified hyperbolic only.';
      if (!(value > 0 && value < 100)) {
        return `Dmin secant effective must be between 0 and 100 %/yr (got ${text}).`;
      }
      return { ...model, dMin: exponentialNominal(value / 100) };
  }
}
