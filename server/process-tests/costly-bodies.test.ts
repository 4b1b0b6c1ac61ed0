/**
 * A deeply nested JSON body is refused from a linear scan of its text, before any
 * object is built: several multi-megabyte ones arriving at once cost the server no
 * more than plain bodies of the same size, and /healthz keeps answering meanwhile.
 *
 * The verdict does not depend on the machine's speed: it compares the CPU time the
 * server process spends (from /proc) on nested bodies with the CPU time it spends on
 * flat bodies of the same size sent the same way. Before the scan existed, building
 * one 8 MB nested body took over a second of CPU against some 30 ms for a flat one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawJsonPost, type RawResponse } from './testing/raw-request.js';
import {
  createTokenCli,
  killAllChildren,
  startServe,
  tempDir,
  type ServerProcess,
} from './testing/spawn-server.js';

const BODIES_AT_ONCE = 6;
const BODY_BYTES = 8_000_000;

/** {"name": [[[…]]]}: valid JSON, millions of levels deep. */
function nestedBody(): string {
  const levels = Math.floor((BODY_BYTES - 10) / 2);
  return `{"name":${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

/** The same size, no structure: one long string (refused as too long for a description). */
function flatBody(): string {
  return `{"name":"Flat","description":"${'x'.repeat(BODY_BYTES - 34)}"}`;
}

/** User plus system CPU time of a process so far, in milliseconds (Linux /proc). */
function cpuMillis(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

function healthz(origin: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const request = get(`${origin}/healthz`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    request.on('error', fail);
  });
}

interface Phase {
  responses: RawResponse[];
  cpuMs: number;
  probes: Array<{ status: number; ms: number }>;
}

/** Sends `body` BODIES_AT_ONCE times at once, probing /healthz from the start until all are answered. */
async function phase(server: ServerProcess, token: string, body: string): Promise<Phase> {
  const pid = server.child.pid as number;
  const cpuBefore = cpuMillis(pid);
  const posts = Array.from({ length: BODIES_AT_ONCE }, () =>
    rawJsonPost(`${server.api}/projects`, token, body),
  );
  let answered = false;
  const outcomes = Promise.all(posts.map((post) => post.outcome)).finally(() => {
    answered = true;
  });
  const probes: Phase['probes'] = [];
  const probing = (async () => {
    do probes.push(await healthz(server.origin));
    while (!answered);
  })();
  await Promise.all(posts.map((post) => post.finish()));
  await probing;
  const responses = (await outcomes).map((outcome) => {
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  return { responses, cpuMs: cpuMillis(pid) - cpuBefore, probes };
}

describe('costly JSON bodies', () => {
  const temp = tempDir();
  afterEach(killAllChildren);
  afterAll(() => temp.cleanup());

  it(`refuses ${BODIES_AT_ONCE} concurrent 8 MB nested bodies for the cost of flat ones, /healthz answering meanwhile`, async () => {
    const db = join(temp.dir, 'server.db');
    const token = await createTokenCli(db, 'nester', ['--plan', 'enterprise']);
    const server = await startServe(['--db', db, '--port', '0', '--log-level', 'warn']);
    const flat = flatBody();
    const nested = nestedBody();
    // Warm up the server (compilation, first allocations) before anything is measured.
    await phase(server, token, flat);

    const flatPhase = await phase(server, token, flat);
    const nestedPhase = await phase(server, token, nested);

    for (const response of flatPhase.responses) expect(response.status).toBe(400);
    for (const response of nestedPhase.responses) {
      expect(response.status, response.body.slice(0, 300)).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'The request body nests arrays and objects more than 16 levels deep',
          details: [{ path: 'body', message: 'nests arrays and objects more than 16 levels deep' }],
        },
      });
    }
    const report = `nested ${nestedPhase.cpuMs} ms CPU, flat ${flatPhase.cpuMs} ms CPU`;
    // Twice the flat cost, plus 200 ms for clock-tick granularity and garbage collection.
    expect(nestedPhase.cpuMs, report).toBeLessThanOrEqual(2 * flatPhase.cpuMs + 200);

    // Every probe is answered. The bound is generous on purpose (a shared machine may
    // pause the server for a while): five times the slowest probe among flat bodies,
    // and at least a second, where one nested body alone used to block for longer.
    const slowestFlat = Math.max(0, ...flatPhase.probes.map((probe) => probe.ms));
    const slowestNested = Math.max(0, ...nestedPhase.probes.map((probe) => probe.ms));
    for (const probe of [...flatPhase.probes, ...nestedPhase.probes]) {
      expect(probe.status).toBe(200);
    }
    expect(slowestNested, `slowest probe ${slowestNested} ms; ${report}`).toBeLessThanOrEqual(
      Math.max(1_000, 5 * slowestFlat),
    );
  }, 120_000);
});
