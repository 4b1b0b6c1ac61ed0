import { describe, expect, it } from 'vitest';
import {
  exponentialNominal,
  hyperbolicSecantEffective,
  type DeclineModel,
} from '#shared/decline/index.js';
import { draftOf, editField, fieldText, fieldsOf, hasErrors, settleDraft } from './parameters.js';

const fitted: DeclineModel = {
  kind: 'modified-hyperbolic',
  qi: 812.345,
  di: 1.2,
  b: 0.9,
  dMin: exponentialNominal(0.06),
};

describe('the decline parameter panel', () => {
  it('shows Di nominal, secant and tangent effective, b and Dmin, in the units engineers read', () => {
    const draft = draftOf(fitted);
    expect(fieldText(draft, 'qi')).toBe('812.3');
    expect(fieldText(draft, 'diNominal')).toBe('120');
    const effective = hyperbolicSecantEffective(1.2, 0.9) * 100;
    expect(fieldText(draft, 'diEffective')).toBe(String(Number(effective.toFixed(2))));
    expect(fieldText(draft, 'diTangent')).toBe(
      String(Number((-Math.expm1(-1.2) * 100).toFixed(2))),
    );
    expect(fieldText(draft, 'b')).toBe('0.9');
    expect(fieldText(draft, 'dMin')).toBe('6');
  });

  it('converts a typed effective Di into the nominal one for the model’s b, and back', () => {
    const draft = editField(draftOf(fitted), 'diEffective', '50');
    expect(hasErrors(draft)).toBe(false);
    expect(hyperbolicSecantEffective(draft.model.di, 0.9)).toBeCloseTo(0.5, 12);
    expect(fieldText(draft, 'diEffective')).toBe('50');
    expect(fieldText(draft, 'diNominal')).toBe(String(Number((draft.model.di * 100).toFixed(2))));

    const nominal = editField(draft, 'diNominal', '80');
    expect(nominal.model.di).toBeCloseTo(0.8, 12);
    expect(Number(fieldText(nominal, 'diEffective'))).toBeCloseTo(
      hyperbolicSecantEffective(0.8, 0.9) * 100,
      2,
    );
  });

  it('takes a tangent effective Di as other tools quote it, and converts it exactly', () => {
    // Tangent effective is 1 − e^(−Di) whatever b is: 50 % is Di = ln 2 per year exactly.
    const draft = editField(draftOf(fitted), 'diTangent', '50');
    expect(hasErrors(draft)).toBe(false);
    expect(draft.model.di).toBe(Math.LN2);
    expect(fieldText(draft, 'diNominal')).toBe('69.31');
    expect(Number(fieldText(draft, 'diEffective'))).toBeCloseTo(
      hyperbolicSecantEffective(Math.LN2, 0.9) * 100,
      2,
    );
    // Shown from the model once typed elsewhere: Di = 1 per year is 1 − 1/e = 63.21 %.
    const nominal = editField(draft, 'diNominal', '100');
    expect(fieldText(nominal, 'diTangent')).toBe('63.21');
    expect(nominal.texts.diTangent).toBeUndefined();
    // The secant and the tangent of one Di differ for a hyperbolic: the labels keep them apart.
    expect(fieldText(nominal, 'diEffective')).not.toBe(fieldText(nominal, 'diTangent'));
  });

  it('keeps the nominal Di when b changes, so the effective Di follows the new b', () => {
    const draft = editField(draftOf(fitted), 'b', '0.5');
    expect(draft.model).toMatchObject({ b: 0.5, di: 1.2 });
    expect(Number(fieldText(draft, 'diEffective'))).toBeCloseTo(
      hyperbolicSecantEffective(1.2, 0.5) * 100,
      2,
    );
  });

  it('sets Dmin from its effective value as the terminal exponential decline', () => {
    const draft = editField(draftOf(fitted), 'dMin', '10');
    expect(draft.model.kind === 'modified-hyperbolic' && draft.model.dMin).toBeCloseTo(
      exponentialNominal(0.1),
      12,
    );
  });

  it.each([
    ['b', '3', 'b must be between 0 and 2 (got 3).'],
    ['qi', '0', 'qi must be greater than 0 (got 0).'],
    ['qi', 'abc', 'qi must be a number (got "abc").'],
    ['diEffective', '100', 'Di secant effective must be between 0 and 100 %/yr (got 100).'],
    ['diTangent', '0', 'Di tangent effective must be between 0 and 100 %/yr (got 0).'],
    ['diNominal', '-5', 'Di nominal must be greater than 0 %/yr (got -5).'],
    ['dMin', '', 'Dmin secant effective is required.'],
  ] as const)(
    'refuses %s = "%s", naming the field, and keeps the model',
    (field, text, message) => {
      const draft = editField(draftOf(fitted), field, text);
      expect(draft.errors[field]).toBe(message);
      expect(draft.model).toBe(fitted);
      expect(fieldText(draft, field)).toBe(text);
      // Still refused after another field changes; fixed once a valid value is typed.
      const other = editField(draft, field === 'qi' ? 'b' : 'qi', field === 'qi' ? '1.1' : '900');
      expect(hasErrors(other)).toBe(true);
      expect(settleDraft(other)).toBe(other);
    },
  );

  it('clears a field’s error once a valid value is typed, and settles to the model’s own text', () => {
    const wrong = editField(draftOf(fitted), 'b', '3');
    const right = editField(wrong, 'b', '1.5');
    expect(hasErrors(right)).toBe(false);
    expect(right.model).toMatchObject({ b: 1.5 });
    expect(settleDraft(editField(right, 'qi', '700.00')).texts).toEqual({});
  });

  it('offers b only where the model has one and Dmin only for the modified hyperbolic', () => {
    expect(fieldsOf(fitted)).toEqual(['qi', 'diNominal', 'diEffective', 'diTangent', 'b', 'dMin']);
    expect(fieldsOf({ kind: 'exponential', qi: 10, di: 0.3 })).toEqual([
      'qi',
      'diNominal',
      'diEffective',
      'diTangent',
    ]);
    expect(fieldsOf({ kind: 'hyperbolic', qi: 10, di: 0.3, b: 1 })).toContain('b');
    expect(editField(draftOf({ kind: 'harmonic', qi: 10, di: 0.3 }), 'b', '1').errors.b).toBe(
      'b is fixed for the harmonic model.',
    );
  });

  it('shows a modified hyperbolic with Di below Dmin declining at Dmin over its first year', () => {
    // Exponential at Dmin from the start: the year loses 1 − e^(−Dmin) = 6 %, not the
    // hyperbolic secant of Di (4.75 %).
    const slow: DeclineModel = { ...fitted, di: 0.05, b: 1.2 };
    expect(fieldText(draftOf(slow), 'diEffective')).toBe('6');
    expect(fieldText(draftOf(slow), 'diNominal')).toBe('5');
    // Typing an effective Di below Dmin's year is refused; typing 6 gives Di = Dmin.
    expect(editField(draftOf(slow), 'diEffective', '5').errors.diEffective).toBe(
      'Di secant effective cannot be below Dmin secant effective (6 %/yr) (got 5).',
    );
    expect(editField(draftOf(slow), 'diEffective', '6').model.di).toBe(fitted.dMin);
  });
});
