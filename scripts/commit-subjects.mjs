// Commit subjects of at most 72 characters, so `git log --oneline` and every review tool show
// them whole; the why goes in the body. Run by `npm run lint`. Commits before BASELINE are
// history and are not checked (git keeps them as they were written).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MAX_SUBJECT = 72;
/** The last commit before the rule; every commit after it is checked. */
export const BASELINE = '7f2effdfd3befcf1177925380032337a7256ff70';

/** The lines of `git log --format='%h %s'` whose subject is too long, each with its length. */
export function longSubjects(logLines, max = MAX_SUBJECT) {
  return logLines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const space = line.indexOf(' ');
      return { commit: line.slice(0, space), subject: line.slice(space + 1) };
    })
    .filter(({ subject }) => [...subject].length > max);
}

function git(args) {
  return spawnSync('git', args, { encoding: 'utf8' });
}

function main() {
  // A clone without the baseline (shallow) checks what it has: the commits it holds.
  const hasBaseline = git(['cat-file', '-e', `${BASELINE}^{commit}`]).status === 0;
  const range = hasBaseline ? [`${BASELINE}..HEAD`] : ['HEAD'];
  const log = git(['log', '--format=%h %s', ...range]);
  if (log.status !== 0) {
    console.log('Commit subjects: not a git checkout, nothing to check.');
    return 0;
  }
  const long = longSubjects(log.stdout.split('\n'));
  for (const { commit, subject } of long) {
    console.error(
      `${commit}: the commit subject has ${[...subject].length} characters, over ${MAX_SUBJECT}. ` +
        `Shorten it (git commit --amend, or git rebase -i for an older one) and put the why in ` +
        `the body: "${subject}"`,
    );
  }
  return long.length === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
