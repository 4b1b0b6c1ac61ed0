import { useId } from 'react';
import {
  FIELD_LABELS,
  fieldsOf,
  fieldText,
  type ParameterDraft,
  type ParameterField,
} from './parameters.js';

const UNIT: Record<ParameterField, (rateUnit: string) => string> = {
  qi: (rateUnit) => rateUnit,
  diNominal: () => '%/yr',
  diEffective: () => '%/yr',
  diTangent: () => '%/yr',
  b: () => '',
  dMin: () => '%/yr',
};

const HINT: Record<ParameterField, string> = {
  qi: 'Rate on the qi date (the start of the fit window)',
  diNominal: 'Initial nominal decline per year',
  diEffective: 'Initial decline over the first year (secant effective), for this b',
  diTangent: 'Initial decline as tangent effective, 1 − e^−Di: as other tools often quote it',
  b: 'Arps exponent, 0 to 2',
  dMin: 'Terminal exponential decline of the modified hyperbolic (secant effective)',
};

/**
 * The decline parameters as inputs: qi, Di nominal, secant and tangent effective, b (a
 * number and a slider), Dmin secant effective. Each keeps what was typed; a refused value is outlined and
 * its error, naming the field, is shown under the row.
 */
export function ParameterFields(props: {
  draft: ParameterDraft;
  rateUnit: string;
  onEdit: (field: ParameterField, text: string) => void;
}) {
  const { draft } = props;
  const id = useId();
  const errors = Object.entries(draft.errors) as Array<[ParameterField, string]>;
  return (
    <div className="decline-parameters">
      <div className="decline-fields" role="group" aria-label="Decline parameters">
        {fieldsOf(draft.model).map((field) => {
          const unit = UNIT[field](props.rateUnit);
          const error = draft.errors[field];
          return (
            <label key={field} className="decline-field" title={HINT[field]}>
              <span className="decline-field-label">
                {FIELD_LABELS[field]}
                {unit && <span className="muted"> ({unit})</span>}
              </span>
              <span className="decline-field-inputs">
                <input
                  type="text"
                  inputMode="decimal"
                  spellCheck={false}
                  autoComplete="off"
                  className="decline-input"
                  value={fieldText(draft, field)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-${field}` : undefined}
                  data-testid={`decline-param-${field}`}
                  onChange={(event) => props.onEdit(field, event.target.value)}
                />
                {field === 'b' && (
                  <input
                    type="range"
                    min={0}
                    max={2}
                    step={0.01}
                    className="decline-slider"
                    aria-label="b slider"
                    value={
                      draft.model.kind === 'exponential'
                        ? 0
                        : 'b' in draft.model
                          ? draft.model.b
                          : 1
                    }
                    data-testid="decline-param-b-slider"
                    onChange={(event) => props.onEdit('b', event.target.value)}
                  />
                )}
              </span>
            </label>
          );
        })}
      </div>
      {errors.length > 0 && (
        <ul className="decline-errors" role="alert" data-testid="decline-param-errors">
          {errors.map(([field, message]) => (
            <li key={field} id={`${id}-${field}`}>
              {message} The saved fit is unchanged.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
