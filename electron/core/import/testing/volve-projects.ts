import type { ApiProject, ApiWell } from '#shared/client/index.js';
import type { ImportFixture } from './import-fixture.js';

/**
 * Projects holding the wells that published files name: Equinor's Volve wells
 * (15/9-F-…) as a Norwegian engineer keeps them (metric) and as a US office
 * would (imperial). Created on the demo server, then cached by the core, as a
 * project opened once while connected. The demo's North Dakota wells are
 * cached too.
 */
export interface PublishedWells {
  volve: { project: ApiProject; wells: Map<string, ApiWell> };
  volveFieldUnits: { project: ApiProject; wells: Map<string, ApiWell> };
  /** The demo's North Dakota project (Bratli Federal 1-31H and 2-31H), its wells cached. */
  bakken: { project: ApiProject; wells: Map<string, ApiWell> };
}

export async function addPublishedWells(f: ImportFixture): Promise<PublishedWells> {
  const volve = await addProject(f, 'Volve', 'metric', ['15/9-F-12', '15/9-F-14', '15/9-F-1 C']);
  const volveFieldUnits = await addProject(f, 'Volve (field units)', 'imperial', ['15/9-F-1 C']);
  await f.harness.core.handlers['projects-list']({ refresh: 'await' });
  for (const { project } of [volve, volveFieldUnits]) {
    await f.harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
  }
  let bakken: ApiProject | undefined;
  for await (const project of f.api.iterateProjects()) {
    if (project.name === 'Williston Bakken') bakken = project;
  }
  const bakkenWells = new Map<string, ApiWell>();
  for await (const well of f.api.iterateWells(bakken!.id)) bakkenWells.set(well.name!, well);
  await f.harness.core.handlers['wells-list']({ projectId: bakken!.id, refresh: 'await' });
  return { volve, volveFieldUnits, bakken: { project: bakken!, wells: bakkenWells } };
}

async function addProject(
  f: ImportFixture,
  name: string,
  unitSystem: 'metric' | 'imperial',
  wellNames: readonly string[],
): Promise<{ project: ApiProject; wells: Map<string, ApiWell> }> {
  const project = await f.api.createProject({ name, unitSystem, timezone: 'Europe/Oslo' });
  const wells = new Map<string, ApiWell>();
  for (const wellName of wellNames) {
    wells.set(wellName, await f.api.createWell(project.id, { name: wellName }));
  }
  return { project, wells };
}
