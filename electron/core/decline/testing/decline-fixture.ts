import { ApiClient, type ApiProject, type ApiWell } from '#shared/client/index.js';
import { exponentialNominal, rateAt, type DeclineModel } from '#shared/decline/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { startCore, type CoreHarness } from '../../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../../testing/demo-server.js';

/**
 * The real demo server and a core connected to it, for the decline tests, with
 * wells whose production is a known decline curve written through the API.
 */
export interface DeclineFixture {
  demo: DemoServer;
  api: ApiClient;
  harness: CoreHarness;
  imperial: ApiProject;
  metric: ApiProject;
  /** A new well of the project whose daily oil (and gas, ×2 in Mscf/d) follows `curve` from `first`. */
  curveWell(
    project: ApiProject,
    name: string,
    curve: DeclineModel,
    first: string,
    days: number,
  ): Promise<ApiWell>;
  close(): Promise<void>;
}

/** Dmin of the settings' default (6 %/yr effective), nominal per year. */
export const DEFAULT_D_MIN = exponentialNominal(0.06);

export const KNOWN_CURVE: DeclineModel = {
  kind: 'modified-hyperbolic',
  qi: 800,
  di: 1.2,
  b: 1.1,
  dMin: DEFAULT_D_MIN,
};

export async function startDeclineFixture(
  wellCounts: number[] = [2, 0, 1],
): Promise<DeclineFixture> {
  const demo = await startDemoServer({ wellCounts });
  const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token, rateLimit: false });
  const projects: ApiProject[] = [];
  for await (const project of api.iterateProjects()) projects.push(project);
  const harness = await startCore(demo);
  return {
    demo,
    api,
    harness,
    imperial: projects.find((p) => p.unitSystem === 'imperial')!,
    metric: projects.find((p) => p.unitSystem === 'metric')!,
    curveWell: async (project, name, curve, first, days) => {
      const well = await api.createWell(project.id, { name });
      const records = Array.from({ length: days }, (_, t) => {
        const oil = rateAt(curve, t);
        return { date: addDays(first, t), oil_rate: round(oil), gas_rate: round(2 * oil) };
      });
      await api.upsertProductionChunked(project.id, well.id, records);
      // The core finds the well in its cache as the wells table would have left it.
      await harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
      return well;
    },
    close: async () => {
      await harness.close();
      await demo.close();
    },
  };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
