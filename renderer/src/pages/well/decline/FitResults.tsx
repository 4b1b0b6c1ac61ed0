import type { ReactNode } from 'react';
import type { SavedDeclineFit } from '#shared/desktop/index.js';
import { isoDay } from '../date-range.js';
import { DAY_MS } from '../series.js';
import { eurBasis, limitText } from './eur-basis.js';
import { lastForecastDay, type ForecastPreview } from './forecast-preview.js';
import { CUMULATIVE_SYMBOL, type StreamUnits } from './stream-units.js';

const volume = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ratio = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 3,
  minimumFractionDigits: 3,
});

const END_REASON: Record<ForecastPreview['endReason'], string> = {
  'economic-limit': 'to the economic limit',
  'end-date': 'to the project’s end date',
  'max-duration': 'cut at the cap; the limit is not reached',
  'below-limit-at-start': 'already below the economic limit',
};

/**
 * What the fit says: EUR, cumulative to date and remaining (from the parameters on
 * screen), how long until the limit, and how good the fit is (RMSE and R² of ln rate,
 * points used and left out), with the poor-fit reasons and the stale badge.
 */
export function FitResults(props: {
  fit: SavedDeclineFit;
  preview: ForecastPreview | null;
  units: StreamUnits;
  /** The project's economic limit for this stream (the Settings beside Fit). */
  economicLimit: number | null;
  /** The project's forecast cap in years, named by a capped EUR's basis. */
  maxYears: number | null;
  running: boolean;
  onRefit: () => void;
}) {
  const { fit, preview, units } = props;
  // The forecast's own length: the time to the limit can lie beyond the cap.
  const years = preview ? (preview.endDay - preview.startDay) / 365.25 : null;
  const lastDay = preview ? isoDay(lastForecastDay(preview) * DAY_MS) : null;
  const basis =
    preview && lastDay !== null && props.economicLimit !== null && props.maxYears !== null
      ? eurBasis({
          forecast: preview,
          limit: limitText(props.economicLimit, units.rate),
          lastDay,
          maxYears: props.maxYears,
        })
      : null;
  return (
    <div className="decline-results">
      <dl className="decline-figures">
        <Figure label="EUR" testId="decline-eur" strong note={basis}>
          {preview ? `${volume.format(preview.eur)} ${units.volume}` : '—'}
        </Figure>
        <Figure label={`${CUMULATIVE_SYMBOL[fit.stream]} to date`} testId="decline-cumulative">
          {preview ? `${volume.format(preview.cumulativeToDate)} ${units.volume}` : '—'}
        </Figure>
        <Figure label="Remaining" testId="decline-remaining">
          {preview ? `${volume.format(preview.remaining)} ${units.volume}` : '—'}
        </Figure>
        <Figure label="Forecast" testId="decline-end">
          {preview && years !== null ? (
            <>
              <span className="mono">{lastDay}</span>{' '}
              <span className="muted">
                ({years.toFixed(1)} yr {END_REASON[preview.endReason]})
              </span>
            </>
          ) : (
            'No forecast: the fit has no cumulative to date on this computer'
          )}
        </Figure>
        <Figure label="RMSE ln(q)" testId="decline-rmse">
          {fit.goodness ? ratio.format(fit.goodness.rmseLog) : '—'}
        </Figure>
        <Figure label="R² ln(q)" testId="decline-r2">
          {fit.goodness ? ratio.format(fit.goodness.r2Log) : '—'}
        </Figure>
        <Figure label="Points" testId="decline-points">
          {fit.pointsUsed} used · {fit.pointsExcluded} left out
        </Figure>
      </dl>
      <div className="decline-flags">
        {fit.origin === 'edited' && (
          <span className="decline-badge edited" title="Parameters changed by hand since the fit">
            edited
          </span>
        )}
        {fit.poor && (
          <span className="decline-badge poor" data-testid="decline-poor">
            poor fit: {fit.reasons.map((reason) => reason.message).join('; ')}
          </span>
        )}
        {fit.stale && (
          <span className="decline-badge stale" data-testid="decline-stale">
            stale: the production changed after this fit
            <button
              type="button"
              className="link-button"
              disabled={props.running}
              onClick={props.onRefit}
              data-testid="decline-refit-stale"
            >
              Refit
            </button>
          </span>
        )}
      </div>
    </div>
  );
}

function Figure(props: {
  label: string;
  testId: string;
  strong?: boolean;
  /** What the figure counts, under it (the EUR's basis). */
  note?: string | null;
  children: ReactNode;
}) {
  return (
    <div className={`decline-figure${props.strong ? ' strong' : ''}`}>
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
      {props.note && (
        <dd className="decline-figure-note muted" data-testid={`${props.testId}-basis`}>
          {props.note}
        </dd>
      )}
    </div>
  );
}
