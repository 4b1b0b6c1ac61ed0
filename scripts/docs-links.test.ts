import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every tracked Markdown file (`git ls-files '*.md'`): each relative link leads to a file or
 * folder of the repository, each `#anchor` to a heading of the Markdown file it names (GitHub's
 * slugs), and no line is wider than 120 characters. The width counts every line, fenced code
 * blocks and tables included: a reader on GitHub or in a terminal scrolls sideways for them too.
 * Links inside code (fenced blocks and `spans`) are not links and are not checked.
 */

const MAX_WIDTH = 120;
const ROOT = process.cwd();

const markdownFiles = execFileSync('git', ['ls-files', '-z', '--', '*.md'], { cwd: ROOT })
  .toString('utf8')
  .split('\0')
  .filter((path) => path !== '' && !path.split('/').includes('node_modules'))
  .filter((path) => existsSync(join(ROOT, path)));

/** The file's lines with fenced code blocks blanked, so links and headings are read from prose only. */
function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) {
      fence = marker;
      return '';
    }
    if (fence !== null) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) {
        fence = null;
      }
      return '';
    }
    return line;
  });
}

/** A line without its code spans (`…`, ``…``), which hold no links. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, '');
}

/** The heading's anchor as GitHub makes it, before the -1, -2 … of repeated headings. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*~]/g, '') // code and emphasis marks
    .replace(/(^|\s)_+|_+(\s|$)/g, '$1$2'); // _emphasis_ (an inner _ stays, as GitHub keeps it)
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file's headings make. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of inline links and images, and of reference definitions, with their line. */
function linkTargets(text: string): Array<{ line: number; target: string }> {
  const found: Array<{ line: number; target: string }> = [];
  proseLines(text).forEach((raw, index) => {
    const line = withoutCodeSpans(raw);
    for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ line: index + 1, target: match[1]!.replace(/^<|>$/g, '') });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(line);
    if (definition !== null) found.push({ line: index + 1, target: definition[1]! });
  });
  return found;
}

/** What is wrong with one relative link of `file`, or null when it resolves. */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: …
  const hashAt = target.indexOf('#');
  const pathPart = decodeURI(hashAt === -1 ? target : target.slice(0, hashAt));
  const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
  if (pathPart.startsWith('/')) return `${target}: links from the site root do not work on GitHub`;
  const resolved = pathPart === '' ? file : normalize(join(dirname(file), pathPart));
  if (resolved.startsWith('..')) return `${target}: outside the repository`;
  if (!existsSync(join(ROOT, resolved))) return `${target}: ${resolved} does not exist`;
  if (anchor !== null && anchor !== '' && resolved.endsWith('.md')) {
    const anchors = anchorsOf(readFileSync(join(ROOT, resolved), 'utf8'));
    if (!anchors.has(anchor)) return `${target}: ${resolved} has no heading with anchor #${anchor}`;
  }
  return null;
}

describe('the checker itself', () => {
  it('makes the anchors GitHub makes', () => {
    expect(githubSlug("The well page's charts")).toBe('the-well-pages-charts');
    expect(githubSlug('Production as columns, from the cache to the chart')).toBe(
      'production-as-columns-from-the-cache-to-the-chart',
    );
    expect(githubSlug('`bench:server` and [PostgreSQL](x.md)')).toBe('benchserver-and-postgresql');
    expect(githubSlug('Conventions (from codebases we admire; examples, not rules)')).toBe(
      'conventions-from-codebases-we-admire-examples-not-rules',
    );
    expect(githubSlug('Field review: the overview and the comparison')).toBe(
      'field-review-the-overview-and-the-comparison',
    );
    expect(githubSlug('A well_seq key')).toBe('a-well_seq-key');
  });

  it('numbers repeated headings as GitHub does', () => {
    expect([...anchorsOf('# Notes\n\n## Notes\n\n### Notes\n')]).toEqual([
      'notes',
      'notes-1',
      'notes-2',
    ]);
  });

  it('reads links from prose, not from code', () => {
    const text = [
      'See [the guide](docs/user-guide.md#find-a-well) and ![logo](<build/icon one.png> "Logo").',
      'Code: `[not](a-link.md)`.',
      '```md',
      '[not a link either](missing.md)',
      '```',
      '[ref]: docs/server.md',
    ].join('\n');
    expect(linkTargets(text)).toEqual([
      { line: 1, target: 'docs/user-guide.md#find-a-well' },
      { line: 1, target: 'build/icon one.png' },
      { line: 6, target: 'docs/server.md' },
    ]);
  });
});

describe.each(markdownFiles)('%s', (file) => {
  const text = readFileSync(join(ROOT, file), 'utf8');

  it('has only relative links that resolve', () => {
    const broken = linkTargets(text)
      .map(({ line, target }) => {
        const problem = brokenLink(file, target);
        return problem === null ? null : `${file}:${line}: ${problem}`;
      })
      .filter((problem) => problem !== null);
    expect(broken).toEqual([]);
  });

  it(`has no line over ${MAX_WIDTH} characters`, () => {
    const wide = text
      .split('\n')
      .map((line, index) => ({ line: index + 1, width: [...line].length }))
      .filter(({ width }) => width > MAX_WIDTH)
      .map(({ line, width }) => `${file}:${line}: ${width} characters`);
    expect(wide).toEqual([]);
  });
});
