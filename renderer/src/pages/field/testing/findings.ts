import type { QualityFindingView } from '#shared/desktop/index.js';
import { volumeAtStake } from '#shared/quality/index.js';

/** A finding for the queue's tests: a one-day minor gap of 100 bbl at well W unless said. */
export function finding(key: string, values: Partial<QualityFindingView> = {}): QualityFindingView {
  return {
    key,
    rule: 'reporting-gap',
    severity: 'minor',
    atStake: volumeAtStake('oil', 100, 'imperial'),
    dismissed: false,
    wellId: 'w',
    wellName: 'W',
    from: '2024-03-01',
    to: '2024-03-01',
    reason: `reason ${key}`,
    ...values,
  };
}
