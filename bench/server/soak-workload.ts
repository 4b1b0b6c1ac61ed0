import type { ProductionRecord } from '#shared/api/index.js';
import type { Fixture } from './fixture-data.js';
import { dailyPath, productionPath, wellsPath } from './paths.js';
import { addDays } from '#shared/dates/iso-day.js';

/**
 * What each soak client sends. Clients share the soak wells (several per well)
 * but never a date: client c writes every n-th day of its well, offset by its
 * slot, so every acknowledged record can be traced back to one client and one
 * request, and values encode (client, batch, index) so a swapped or stale row
 * shows up as a mismatch, not as a plausible number.
 */

export const BATCH = 5;
const FIRST_DAY = '1950-01-01';

export type Kind = 'productionGet' | 'wellsList' | 'projectGet' | 'productionPost';

/** 3/8 production reads, 2/8 well lists, 1/8 project reads, 2/8 writes, staggered per client. */
const MIX: readonly Kind[] = [
  'productionGet',
  'wellsList',
  'productionGet',
  'productionPost',
  'projectGet',
  'productionGet',
  'productionPost',
  'wellsList',
];

export interface SoakRequest {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  /** For writes: the well and the records, kept so an acknowledged write can be checked later. */
  write?: { wellId: string; records: ProductionRecord[] };
}

export class SoakClient {
  private step: number;
  private batch = 0;
  private readonly wellId: string;
  private readonly slot: number;
  private readonly clientsPerWell: number;

  constructor(
    readonly id: number,
    clients: number,
    private readonly fixture: Fixture,
  ) {
    const wells = fixture.soakWellIds.length;
    this.wellId = fixture.soakWellIds[id % wells]!;
    this.slot = Math.floor(id / wells);
    this.clientsPerWell = Math.ceil(clients / wells);
    this.step = id;
  }

  next(): SoakRequest {
    const kind = MIX[this.step++ % MIX.length]!;
    const { projectId } = this.fixture;
    switch (kind) {
      case 'productionGet':
        return { kind, method: 'GET', path: dailyPath(this.fixture) };
      case 'wellsList':
        return {
          kind,
          method: 'GET',
          path: wellsPath(projectId, this.step % 2 ? 'search=ranch' : 'limit=100'),
        };
      case 'projectGet':
        return { kind, method: 'GET', path: `/api/v1/projects/${projectId}` };
      case 'productionPost':
        return {
          kind,
          method: 'POST',
          path: productionPath(projectId, this.wellId),
          write: this.nextWrite(),
        };
    }
  }

  private nextWrite(): { wellId: string; records: ProductionRecord[] } {
    const batch = this.batch++;
    const records: ProductionRecord[] = [];
    for (let j = 0; j < BATCH; j++) {
      const day = (batch * BATCH + j) * this.clientsPerWell + this.slot;
      // Unique per (client, batch, j); fields derived from it stay inside their allowed ranges.
      const tag = this.id * 1_000_000 + batch * 10 + j;
      records.push({
        date: addDays(FIRST_DAY, day),
        oil_rate: tag / 100,
        water_rate: tag / 100 + 1,
        gas_rate: tag / 10,
        bhp: 1000 + (tag % 997),
        thp: 100 + (tag % 89),
        choke_size: 16 + (tag % 48),
        runtime: (tag % 2400) / 100,
        gor: 1000 + (tag % 5000) / 7,
        watercut: (tag % 10000) / 100,
      });
    }
    return { wellId: this.wellId, records };
  }
}
