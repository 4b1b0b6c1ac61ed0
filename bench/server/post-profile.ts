// Profiling aid, not a benchmark: POSTs 10,000 records to an in-process server `ROUNDS` times
// and times them beside the raw upsert, so `node --cpu-prof --import tsx` shows where the
// write path spends its time (docs/benchmarks.md, "Profiling the write path").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '#server/main.js';
import { createToken } from '#server/auth/token-store.js';
import { RawUpserter } from './raw-upsert.js';
import { dailyRecords } from './records.js';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const dir = mkdtempSync(join(tmpdir(), 'flowline-post-profile-'));
const file = join(dir, 'api.db');
let token = '';
const server = await startServer({
  dbFile: file,
  port: 0,
  host: '127.0.0.1',
  logger: false,
  rateLimit: false,
  prepare: (db) => {
    token = createToken(db, { user: 'bench', scopes: ['admin'] });
  },
});
const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as { id: string };
};
const project = await call('POST', '/projects', { name: 'Profile' });
const raw = new RawUpserter();
const api: number[] = [];
const direct: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const well = await call('POST', `/projects/${project.id}/wells`, { name: `P${i}` });
  const records = dailyRecords('1995-01-01', 10_000, 100 + i);
  const body = JSON.stringify({ records });
  const started = performance.now();
  await call('POST', `/projects/${project.id}/wells/${well.id}/production`, body);
  api.push(performance.now() - started);
  direct.push(raw.run(records));
}
raw.close();
await server.close();
rmSync(dir, { recursive: true, force: true });
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
console.log(
  `POST ${median(api).toFixed(1)} ms, raw ${median(direct).toFixed(1)} ms, ` +
    `ratio ${(median(direct) / median(api)).toFixed(2)}`,
);
