import type { CursorCodec } from '../http/cursor.js';
import type { Db } from '../store/database.js';
import type { ProductionRepo } from '../store/production-repo.js';
import type { ProjectsRepo } from '../store/projects-repo.js';
import type { WellsRepo } from '../store/wells-repo.js';

/** What every route needs, built once per app and handed to each route plugin. */
export interface RouteDeps {
  db: Db;
  projects: ProjectsRepo;
  wells: WellsRepo;
  production: ProductionRepo;
  cursors: CursorCodec;
  now: () => Date;
}
