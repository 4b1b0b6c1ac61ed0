import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures.js';
import { openJourneyWell, wellIdsOf } from './support/open-well.js';

/** The page's storage, spelled out: the e2e files are type-checked without the DOM library. */
interface PageGlobals {
  localStorage: { getItem(name: string): string | null };
}

/**
 * What a hostile script running in the page can reach through the browser host: only the
 * handlers the page may call, with sources as text. It cannot make the core read a file
 * (the secrets file with the API token, or anything else on the computer).
 */
test('a page script cannot read local files or the token through the bridge', async ({
  page,
  host,
}) => {
  await openJourneyWell(page, host.launchUrl);
  const { projectId, wellId } = wellIdsOf(page);
  const secretsFile = join(host.dataDir, 'secrets.json');
  const tokens = Object.values(
    JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>,
  );
  expect(tokens.length).toBeGreaterThan(0);
  const elsewhere = join(host.dataDir, '..', `not-flowline-${Date.now()}.txt`);
  writeFileSync(elsewhere, 'private notes\n');

  const replies = await page.evaluate(
    async ({ projectId, wellId, paths }) => {
      // A script in the page has whatever the page has, the page key included.
      const key =
        (globalThis as unknown as PageGlobals).localStorage.getItem('flowline-page-key') ?? '';
      const call = async (name: string, args: unknown) => {
        const response = await fetch(`rpc/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Flowline-Key': key },
          body: JSON.stringify(args),
        });
        return response.text();
      };
      const out: string[] = [];
      for (const path of paths) {
        // Column 0 read as the date makes every line an invalid row, echoed by the export.
        const preview = await call('import-preview', {
          projectId,
          wellId,
          source: { kind: 'path', path },
          columns: [{ index: 0, target: 'date' }],
        });
        out.push(preview);
        out.push(await call('files-grant', { path }));
        out.push(
          await call('import-preview', {
            projectId,
            wellId,
            source: { kind: 'file', handle: path },
          }),
        );
      }
      out.push(await call('import-invalid-csv', { importId: 'imp_1' }));
      return out;
    },
    { projectId, wellId, paths: [secretsFile, elsewhere, '/etc/passwd'] },
  );

  const parsed = replies.map(
    (text) => JSON.parse(text) as { ok: boolean; error?: { type: string } },
  );
  expect(parsed.map((reply) => reply.ok)).toEqual(replies.map(() => false));
  expect(parsed.filter((reply) => reply.error?.type === 'forbidden')).toHaveLength(3); // files-grant
  const everything = replies.join('\n');
  for (const token of tokens) expect(everything).not.toContain(token);
  expect(everything).not.toContain('private notes');
  expect(everything).not.toContain('root:');
  // The app is still fine.
  await expect(page.getByTestId('well-fields')).toBeVisible();
});
