import type { ProductionField } from '#shared/api/index.js';
import { ApiClient, type ApiWell } from '#shared/client/index.js';
import type { ProductionView } from '#shared/desktop/index.js';
import type { CoreOptions } from '../create-core.js';
import { startCore, type CoreHarness } from './core-harness.js';
import { startDemoServer, type DemoServer } from './demo-server.js';

/** A demo server, a core connected to it, and helpers to compare production with the server's. */

export interface WellTarget {
  projectId: string;
  well: ApiWell;
}

export interface ProductionFixture {
  demo: DemoServer;
  api: ApiClient;
  harness: CoreHarness;
  /** Distinct wells (producers first) of the project in that unit system. */
  wells(unitSystem: 'imperial' | 'metric', count: number): Promise<WellTarget[]>;
  serverRows(
    target: WellTarget,
    query: {
      from: string;
      to: string;
      aggregation: 'daily' | 'monthly';
      fields?: ProductionField[];
    },
  ): Promise<unknown[]>;
  close(): Promise<void>;
}

export async function startProductionFixture(
  options: Partial<CoreOptions> = {},
): Promise<ProductionFixture> {
  const demo = await startDemoServer({ wellCounts: [3, 2, 3] });
  const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token });
  const harness = await startCore(demo, options);
  return {
    demo,
    api,
    harness,
    wells: async (unitSystem, count) => {
      const projects = [];
      for await (const project of api.iterateProjects()) projects.push(project);
      const project = projects.find((p) => p.unitSystem === unitSystem)!;
      const wells = [];
      for await (const well of api.iterateWells(project.id)) wells.push(well);
      wells.sort((a, b) => Number(b.type === 'producer') - Number(a.type === 'producer'));
      return wells.slice(0, count).map((well) => ({ projectId: project.id, well }));
    },
    serverRows: async (target, query) =>
      (await api.getProduction(target.projectId, target.well.id, query)).data,
    close: async () => {
      await harness.close();
      await demo.close();
    },
  };
}

/** The columns back as the API's rows, to compare with the server's answer. */
export function rowsOf(view: ProductionView): Array<Record<string, unknown>> {
  return view.dates.map((date, i) => {
    const row: Record<string, unknown> = { date };
    for (const field of view.fields) row[field] = view.values[field]![i];
    return row;
  });
}
