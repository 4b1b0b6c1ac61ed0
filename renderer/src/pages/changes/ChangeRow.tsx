import type { ChangeView } from '#shared/desktop/index.js';
import { Link } from 'wouter';
import { UndoImportButton } from '../../import/UndoImportButton.js';
import { formatMoment } from '../../shell/format.js';
import { fieldLabel, sourceText, STATE_LABEL, valueText } from './change-text.js';

/**
 * One change: when, who, from where, which well and day, each value before and after, and
 * whether the server has it.
 */
export function ChangeRow(props: {
  change: ChangeView;
  projectId: string;
  showWell: boolean;
  offerUndo: boolean;
}) {
  const { change } = props;
  const wellHref = `/projects/${encodeURIComponent(props.projectId)}/wells/${encodeURIComponent(change.wellId)}`;
  return (
    <tr data-testid="change-row">
      <td>
        <time dateTime={change.at} title={change.at}>
          {formatMoment(change.at)}
        </time>
      </td>
      <td title={`through ${change.connectionName}`}>
        <bdi>{change.actor}</bdi>
      </td>
      <td className="change-source-cell" title={sourceText(change)}>
        <bdi>{sourceText(change)}</bdi>
        {props.offerUndo && (
          <UndoImportButton
            projectId={props.projectId}
            batch={change.batch}
            fileName={change.sourceLabel}
          />
        )}
      </td>
      {props.showWell && (
        <td>
          <Link href={wellHref}>
            <bdi>{change.wellName}</bdi>
          </Link>
        </td>
      )}
      <td>{change.date ?? 'the well'}</td>
      <td>
        <ul className="change-values">
          {change.values.map((value) => (
            <li key={value.field}>
              <span className="change-field">{fieldLabel(value.field)}</span>{' '}
              <span className={change.oldUnknown ? 'muted' : 'change-old'}>
                {valueText(change, value, 'old')}
              </span>{' '}
              <span aria-label="changed to">→</span> <span>{valueText(change, value, 'new')}</span>
            </li>
          ))}
        </ul>
      </td>
      <td className={`change-state change-${change.state}`}>
        {STATE_LABEL[change.state]}
        {change.settledAt && (
          <span className="visually-hidden"> {formatMoment(change.settledAt)}</span>
        )}
      </td>
    </tr>
  );
}
