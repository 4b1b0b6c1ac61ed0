import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { seedDemoIfEmpty } from '../../server/demo/seed.js';
import { openDatabase } from '../../server/store/database.js';
import { ROOT, TEMPLATE_DB, TEMPLATE_DIR } from './paths.js';

/**
 * Seeding the demo dataset takes seconds; do it once per run into a template that each
 * test copies, so every test still starts from a fresh data folder.
 */
export default function globalSetup(): void {
  if (!existsSync(join(ROOT, 'dist', 'renderer', 'index.html'))) {
    throw new Error('Build the renderer first: npm run build:renderer (npm run test:e2e does it).');
  }
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const db = openDatabase(TEMPLATE_DB);
  try {
    seedDemoIfEmpty(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
