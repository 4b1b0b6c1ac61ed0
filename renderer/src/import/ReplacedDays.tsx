import { FIELD_RULES, unitLabel } from '#shared/api/index.js';
import type {
  ImportPreviewResult,
  ImportReplacement,
  UntouchedFieldChoice,
} from '#shared/desktop/index.js';
import { untouchedConsequence, valueText } from './replacement-text.js';

/**
 * The days the file replaces: how many values change per field, each day's values before
 * and after, and the fields the file does not carry, kept or cleared as the person chooses,
 * with what that does.
 */
export function ReplacedDays(props: {
  preview: ImportPreviewResult;
  disabled: boolean;
  onChoose: (choice: UntouchedFieldChoice) => void;
}) {
  const replacement = props.preview.replacement;
  if (!replacement) return null;
  const system = props.preview.unitSystem;
  const listed = replacement.days.length;
  return (
    <section className="import-replaced" aria-labelledby="import-replaced-title">
      <h4 id="import-replaced-title" className="import-replaced-title">
        What changes on days this computer has
      </h4>
      <p className="import-replaced-counts" data-testid="import-replaced-counts">
        {replacement.changedDays === 0
          ? 'No value of the replaced days changes.'
          : `${replacement.changedDays.toLocaleString('en-US')} day${
              replacement.changedDays === 1 ? '' : 's'
            } change: ${replacement.changedPerField
              .map(
                ({ field, changed }) =>
                  `${FIELD_RULES[field].label} ${changed.toLocaleString('en-US')}`,
              )
              .join(', ')}.`}
      </p>
      {replacement.untouched.length > 0 && <UntouchedChoice replacement={replacement} {...props} />}
      {listed > 0 && (
        <div
          className="import-replaced-scroll"
          role="region"
          aria-label="Replaced days, old and new values"
          tabIndex={0}
        >
          <table className="import-replaced-table" data-testid="import-replaced-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Field</th>
                <th scope="col" className="num">
                  Now
                </th>
                <th scope="col" className="num">
                  After import
                </th>
              </tr>
            </thead>
            <tbody>
              {replacement.days.flatMap((day) =>
                day.changes.map((change, index) => (
                  <tr key={`${day.wellId}/${day.date}/${change.field}`}>
                    {index === 0 && (
                      <th scope="rowgroup" rowSpan={day.changes.length}>
                        {day.date}
                      </th>
                    )}
                    <td>
                      {FIELD_RULES[change.field].label}{' '}
                      <span className="muted">
                        {unitLabel(FIELD_RULES[change.field].quantity, system)}
                      </span>
                    </td>
                    <td className="num import-replaced-old">{valueText(change.before)}</td>
                    <td className="num">{valueText(change.after)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
          {listed < replacement.changedDays && (
            <p className="muted import-replaced-more">
              The first {listed} of {replacement.changedDays.toLocaleString('en-US')} days are
              listed; the counts above cover them all.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function UntouchedChoice(props: {
  replacement: ImportReplacement;
  preview: ImportPreviewResult;
  disabled: boolean;
  onChoose: (choice: UntouchedFieldChoice) => void;
}) {
  const { replacement } = props;
  const choice = replacement.untouchedChoice;
  return (
    <fieldset className="import-untouched" data-testid="import-untouched">
      <legend>Fields the file does not have, on the replaced days</legend>
      <label>
        <input
          type="radio"
          name="import-untouched"
          checked={choice === 'keep'}
          disabled={props.disabled}
          onChange={() => props.onChoose('keep')}
        />{' '}
        Keep their current values
      </label>
      <label>
        <input
          type="radio"
          name="import-untouched"
          checked={choice === 'clear'}
          disabled={props.disabled}
          onChange={() => props.onChoose('clear')}
        />{' '}
        Clear them (each day becomes the file&apos;s record alone)
      </label>
      <ul className="import-untouched-consequences" data-testid="import-untouched-consequences">
        {replacement.untouched.map((field) => (
          <li key={field.field}>{untouchedConsequence(field, choice, props.preview.unitSystem)}</li>
        ))}
      </ul>
    </fieldset>
  );
}
