import type { Migration } from '#shared-node/sqlite/migrations.js';
import { sql as initial } from './0001-initial.js';
import { sql as wellSummaries } from './0002-well-summaries.js';
import { sql as importMappings } from './0003-import-mappings.js';
import { sql as outboxRemembers } from './0004-outbox-remembers.js';
import { sql as importDateFormats } from './0005-import-date-formats.js';
import { sql as publishedOptionalMembers } from './0006-published-optional-members.js';
import { sql as qualityDismissed } from './0007-quality-dismissed.js';
import { sql as decline } from './0008-decline.js';
import { sql as wellScreening } from './0009-well-screening.js';
import { sql as productionPacked } from './0010-production-packed.js';
import { sql as declineFitHistory } from './0011-decline-fit-history.js';
import { sql as replica } from './0012-replica.js';
import { sql as qualitySettings } from './0013-quality-settings.js';
import { sql as replicaConfirmed } from './0014-replica-confirmed.js';
import { sql as changeLog } from './0015-change-log.js';
import { sql as declineMaxYears } from './0016-decline-max-years.js';
import { sql as screeningAverages } from './0017-screening-averages.js';
import { sql as wellEvents } from './0018-well-events.js';

// The runner and this shape are shared with the server's database (shared-node/sqlite/migrations.ts).
export type { Migration };

/** Append-only. Each id is applied once, in order, inside one transaction. */
export const CACHE_MIGRATIONS: readonly Migration[] = [
  { id: 1, name: 'initial', sql: initial },
  { id: 2, name: 'well-summaries', sql: wellSummaries },
  { id: 3, name: 'import-mappings', sql: importMappings },
  { id: 4, name: 'outbox-remembers', sql: outboxRemembers },
  { id: 5, name: 'import-date-formats', sql: importDateFormats },
  {
    id: 6,
    name: 'published-optional-members',
    sql: publishedOptionalMembers,
    foreignKeysOff: true,
  },
  { id: 7, name: 'quality-dismissed', sql: qualityDismissed },
  { id: 8, name: 'decline', sql: decline },
  { id: 9, name: 'well-screening', sql: wellScreening },
  { id: 10, name: 'production-packed', sql: productionPacked },
  { id: 11, name: 'decline-fit-history', sql: declineFitHistory },
  { id: 12, name: 'replica', sql: replica },
  { id: 13, name: 'quality-settings', sql: qualitySettings },
  { id: 14, name: 'replica-confirmed', sql: replicaConfirmed },
  { id: 15, name: 'change-log', sql: changeLog },
  { id: 16, name: 'decline-max-years', sql: declineMaxYears },
  { id: 17, name: 'screening-averages', sql: screeningAverages },
  { id: 18, name: 'well-events', sql: wellEvents },
];
