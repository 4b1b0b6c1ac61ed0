import { RATE_BASES, type RateBasis } from '#shared/production/rate-basis.js';
import { BASIS_CHOICE } from './rate-basis-text.js';
import type { RateView } from './use-rate-view.js';

/**
 * Above the wells table: the basis of the latest rates (and of their sort), and a switch
 * that leaves out inactive and shut-in wells, so a ranking by rate is of wells that can
 * produce. Native controls: the keyboard and screen readers know them.
 */
export function RateControls({
  view,
  onChange,
}: {
  view: RateView;
  onChange: (change: Partial<RateView>) => void;
}) {
  return (
    <div className="rate-controls" role="group" aria-label="Latest rates">
      <label>
        Rates:{' '}
        <select
          value={view.rateBasis}
          onChange={(event) => onChange({ rateBasis: event.target.value as RateBasis })}
          data-testid="rate-basis"
        >
          {RATE_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {BASIS_CHOICE[basis]}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={view.hideInactive}
          onChange={(event) => onChange({ hideInactive: event.target.checked })}
          data-testid="hide-inactive"
        />
        Hide inactive and shut-in wells
      </label>
    </div>
  );
}
