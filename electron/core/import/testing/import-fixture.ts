import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_FIELDS, type ProductionRecord } from '#shared/api/index.js';
import { ApiClient, type ApiProject, type ApiWell } from '#shared/client/index.js';
import type {
  ImportPreviewArgs,
  ImportPreviewResult,
  OutboxOperationView,
} from '#shared/desktop/index.js';
import { startCore, type CoreHarness } from '../../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../../testing/demo-server.js';

/**
 * The real demo server (Permian Delaware Basin, imperial: Dagger Draw 8-2
 * #1H–#3H; Williston Bakken, imperial; Montney Alberta, metric), a core
 * connected to it with the projects and wells cached, and the corpus.
 */
export const CORPUS = join(dirname(fileURLToPath(import.meta.url)), '..', 'corpus');

export function corpusFile(name: string): string {
  return join(CORPUS, name);
}

export interface ImportFixture {
  demo: DemoServer;
  api: ApiClient;
  harness: CoreHarness;
  imperial: { project: ApiProject; wells: ApiWell[] };
  metric: { project: ApiProject; wells: ApiWell[] };
  preview(
    file: string,
    args: Partial<Omit<ImportPreviewArgs, 'source'>> & { projectId: string },
  ): Promise<ImportPreviewResult>;
  /** A file as the desktop's main process hands it over: granted, then named by its handle. */
  chosen(path: string): Promise<{ kind: 'file'; handle: string }>;
  outbox(): Promise<OutboxOperationView[]>;
  /** Outbox rows and operations, to prove a refused import queued nothing. */
  outboxCounts(): Promise<{ operations: number }>;
  serverDays(
    projectId: string,
    wellId: string,
    from: string,
    to: string,
  ): Promise<Map<string, ProductionRecord>>;
  close(): Promise<void>;
}

export async function startImportFixture(): Promise<ImportFixture> {
  const demo = await startDemoServer({ wellCounts: [3, 2, 3] });
  const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token });
  const harness = await startCore(demo, { freshForMs: 600_000 });
  const projects: ApiProject[] = [];
  for await (const project of api.iterateProjects()) projects.push(project);
  const load = async (project: ApiProject) => {
    const wells: ApiWell[] = [];
    for await (const well of api.iterateWells(project.id)) wells.push(well);
    await harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
    return { project, wells };
  };
  const chosen = async (path: string) => ({
    kind: 'file' as const,
    handle: (await harness.core.handlers['files-grant']({ path })).handle,
  });
  const imperial = await load(projects.find((p) => p.name === 'Permian Delaware Basin')!);
  const metric = await load(projects.find((p) => p.unitSystem === 'metric')!);
  return {
    demo,
    api,
    harness,
    imperial,
    metric,
    chosen,
    preview: async (file, args) =>
      harness.core.handlers['import-preview']({
        ...args,
        source: await chosen(corpusFile(file)),
      }),
    outbox: async () => (await harness.core.handlers['outbox-list']({})).operations,
    outboxCounts: async () => ({
      operations: (await harness.core.handlers['outbox-list']({})).operations.length,
    }),
    serverDays: async (projectId, wellId, from, to) => {
      const series = await api.getProduction(projectId, wellId, {
        from,
        to,
        fields: PRODUCTION_FIELDS,
      });
      return new Map(series.data.map((item) => [item.date, item as unknown as ProductionRecord]));
    },
    close: async () => {
      await harness.close();
      await demo.close();
    },
  };
}
