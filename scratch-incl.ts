import { openBenchProject, startBenchSession } from './bench/ui/bench-session.js';
const session = await startBenchSession();
try {
  const { page } = await openBenchProject(session);
  const search = page.getByTestId('wells-search');
  await page.waitForTimeout(6000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const keys = 10;
  await cdp.send('Profiler.start');
  for (let i = 0; i < keys; i++) {
    await search.fill('');
    await page.waitForTimeout(200);
    await search.focus();
    await page.keyboard.type('r');
    await page.waitForTimeout(200);
  }
  const { profile } = (await cdp.send('Profiler.stop')) as any;
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  profile.samples.forEach((id: number, i: number) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur).callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      if (seen.has(key)) continue; seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + dt);
    }
  });
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 70)) console.log((v / keys).toFixed(2).padStart(7), k);
} finally { await session.close(); }
