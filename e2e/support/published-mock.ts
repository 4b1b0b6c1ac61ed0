import { addDays, utcToday } from '../../shared/dates/iso-day.js';
import {
  startPublishedService,
  type PublishedService,
} from '../../shared/client/testing/published-service/published-service.js';

/** Days of production each well of the mock holds, the last one yesterday. */
export const MOCK_DAYS = 120;

/**
 * The organisation's hosted service, as its published schema describes it: the mock of
 * `shared/client/testing/published-service/` on a loopback port, with three projects in
 * the shapes that service may send (a project without a well count, one without a unit
 * system; wells without type, status or name). Production ends yesterday, as on a live
 * service, so the well page's presets (counted back from today) find it.
 */
export function startMockService(): Promise<PublishedService> {
  const firstDay = addDays(utcToday(), -MOCK_DAYS);
  return startPublishedService({
    seed: [
      { name: 'Permian Basin', unitSystem: 'imperial', wells: 4, days: MOCK_DAYS, firstDay },
      { name: 'North Sea', unitSystem: 'metric', wells: 3, days: MOCK_DAYS, firstDay },
      { name: 'Eagle Ford', unitSystem: 'imperial', wells: 2, days: MOCK_DAYS, firstDay },
    ],
  });
}
