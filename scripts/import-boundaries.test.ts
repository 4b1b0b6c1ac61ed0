import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import arrows of docs/architecture.md, checked through the project's real ESLint config. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).some((message) => message.ruleId === 'no-restricted-imports');
}

describe('import boundaries', () => {
  it.each<[string, string, boolean]>([
    ['shared/api/x.ts', "import '../../server/app.js';", true],
    ['shared/api/x.ts', "import 'node:fs';", true],
    ['shared/api/x.ts', "import '../production/monthly.js';", false],
    ['server/routes/x.ts', "import '../../shared/api/index.js';", false],
    ['server/routes/x.ts', "import '../../electron/core/index.js';", true],
    ['electron/core/x.ts', "import '../../server/app.js';", true],
    ['electron/core/x.ts', "import '../../shared/api/index.js';", false],
    ['electron/web-host.ts', "import '../server/main.js';", false],
    ['electron/web-host.ts', "import '../renderer/main.js';", true],
    ['renderer/src/x.ts', "import '../../electron/core/index.js';", true],
    ['renderer/src/x.ts', "import '../../shared/api/index.js';", false],
    ['bench/x.ts', "import '../server/app.js';", false],
  ])('%s: %s restricted=%s', async (file, source, expected) => {
    expect(await restricted(file, source)).toBe(expected);
  });
});
