import { join } from 'node:path';

export const ROOT = process.cwd();
/** A seeded demo server database, made once per run and copied into each test's data folder. */
export const TEMPLATE_DIR = join(ROOT, 'test-results', 'e2e-template');
export const TEMPLATE_DB = join(TEMPLATE_DIR, 'demo-server.db');
