import type { ImportPreviewResult } from '#shared/desktop/index.js';
import { formatCount } from '../shell/format.js';
import { describeSpan, plural, summaryItems, summarySentence } from './summary-text.js';

const SHOWN_UNMATCHED = 20;

/** The counts, the wells the rows go to, the wells not found, and the core's warnings. */
export function ImportSummary({ preview }: { preview: ImportPreviewResult }) {
  const { summary } = preview;
  const multiWell = preview.wells.length > 1 || preview.unmatchedWells.length > 0;
  return (
    <div className="import-summary-block">
      <ul
        className="import-summary"
        data-testid="import-summary"
        aria-label={summarySentence(summary)}
      >
        {summaryItems(summary).map((item) => (
          <li
            key={item.key}
            className={`import-stat tone-${item.tone}`}
            data-testid={`import-stat-${item.key}`}
          >
            <span className="import-stat-count">{formatCount(item.count)}</span>
            <span className="import-stat-label">{item.label}</span>
          </li>
        ))}
      </ul>

      {multiWell && preview.wells.length > 0 && (
        <table className="import-wells" data-testid="import-wells">
          <thead>
            <tr>
              <th scope="col">Well</th>
              <th scope="col" className="num">
                New days
              </th>
              <th scope="col" className="num">
                Replaced
              </th>
              <th scope="col">Dates</th>
            </tr>
          </thead>
          <tbody>
            {preview.wells.map((well) => (
              <tr key={well.wellId}>
                <th scope="row">
                  <bdi>{well.name}</bdi>
                </th>
                <td className="num">{formatCount(well.newDays)}</td>
                <td className="num">{formatCount(well.replacedDays)}</td>
                <td>{describeSpan(well.from, well.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!multiWell && preview.wells[0] && (
        <p className="import-span muted">
          {describeSpan(preview.wells[0].from, preview.wells[0].to)}
          {preview.wells[0].replacedDays > 0 &&
            ` · ${plural(preview.wells[0].replacedDays, 'day')} already here will take the file's values`}
        </p>
      )}

      {preview.unmatchedWells.length > 0 && (
        <div className="callout callout-warn import-unmatched" data-testid="import-unmatched">
          <div>
            <strong>
              {plural(preview.unmatchedWells.length, 'well')} in the file{' '}
              {preview.unmatchedWells.length === 1 ? 'is' : 'are'} not in this project
            </strong>{' '}
            — {plural(summary.unmatchedRows, 'row')} will not be imported:
            <ul>
              {preview.unmatchedWells.slice(0, SHOWN_UNMATCHED).map((well) => (
                <li key={well.value}>
                  <strong>{well.value}</strong> ({plural(well.rows, 'row')}, first on line{' '}
                  {formatCount(well.firstLine)})
                </li>
              ))}
              {preview.unmatchedWells.length > SHOWN_UNMATCHED && (
                <li>…and {formatCount(preview.unmatchedWells.length - SHOWN_UNMATCHED)} more</li>
              )}
            </ul>
          </div>
        </div>
      )}

      {preview.warnings.length > 0 && (
        <div className="callout callout-warn import-warnings" data-testid="import-warnings">
          <ul>
            {preview.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
