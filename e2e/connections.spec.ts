import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../electron/core/testing/demo-server.js';
import { ShellPage } from './page-models/shell-page.js';
import { expect, test } from './support/fixtures.js';
import { freePort } from './support/web-host.js';

/**
 * Switching connections, as a person does it from the top bar: each switch lands on the
 * new connection's first project, never on the old one's, an error, or a blank window.
 */

let office: DemoServer;

test.beforeAll(async () => {
  // "The organisation": another real API server, with its own (random) project ids.
  office = await startDemoServer({ wellCounts: [2, 1, 1] });
});

test.afterAll(async () => {
  await office.close();
});

/** Everything that went wrong in the page: uncaught errors and React's console errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function expectFirstProjectOf(page: Page, shell: ShellPage, wells: RegExp): Promise<void> {
  await expect(shell.title).toHaveText('Permian Delaware Basin');
  await expect(page.getByTestId('well-count')).toHaveText(wells);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('adding a connection and switching back and forth twenty times always lands on the first project', async ({
  page,
  host,
}) => {
  // Twenty-one switches, each dropping every query and reading the new workspace, while the
  // demo project replicates in the background: counted by the switches, not the clock.
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await expectFirstProjectOf(page, shell, /140 of 140 wells/);

  await shell.connectionName.click();
  const dialog = page.getByTestId('connection-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('connection-url').fill(office.baseUrl);
  await dialog.getByTestId('connection-token').fill(office.token);
  await dialog.getByLabel('Name').fill('Field office');
  await dialog.getByTestId('connection-save').click();
  await expect(dialog).toBeHidden();
  await expect(shell.connectionName).toContainText('Field office');
  await expectFirstProjectOf(page, shell, /2 of 2 wells/);

  for (let round = 1; round <= 20; round++) {
    const toDemo = round % 2 === 1;
    await shell.connectionName.click();
    await expect(dialog).toBeVisible();
    await dialog
      .getByTestId('connection-row')
      .filter({ hasText: toDemo ? 'Demo workspace' : 'Field office' })
      .getByTestId('connection-switch')
      .click();
    await expect(dialog).toBeHidden();
    await expect(shell.connectionName).toContainText(toDemo ? 'Demo workspace' : 'Field office');
    await expectFirstProjectOf(page, shell, toDemo ? /140 of 140 wells/ : /2 of 2 wells/);
  }
  expect(errors).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e-artifacts/connection-switch.png' });
});

test('"Test" says exactly what is wrong with an address or a token, and saves nothing', async ({
  page,
  host,
}) => {
  const shell = new ShellPage(page);
  await shell.open(host.launchUrl);
  await shell.connectionName.click();
  const dialog = page.getByTestId('connection-dialog');
  const address = dialog.getByTestId('connection-url');
  const token = dialog.getByTestId('connection-token');
  const verdict = dialog.getByRole('alert');
  const test = async (url: string, secret: string) => {
    await address.fill(url);
    await token.fill(secret);
    await dialog.getByTestId('connection-test').click();
  };

  await test('http://production.example.com/api/v1', office.token);
  await expect(verdict).toContainText('The address must use HTTPS.');

  // A port nothing listens on: the office server stopped, as far as the app can tell.
  await test(`http://127.0.0.1:${await freePort()}/api/v1`, office.token);
  await expect(verdict).toContainText('The server could not be reached.');

  await test(office.baseUrl, 'flw_not_the_token');
  await expect(verdict).toContainText('The token was refused (401)');

  await test(office.baseUrl, office.token);
  await expect(dialog.getByRole('status')).toHaveText(/Connected: the token can see 3 projects\./);

  await dialog.getByTestId('connection-dialog-close').click();
  await expect(dialog).toBeHidden();
  await expect(shell.connectionName).toContainText('Demo workspace');
  await shell.connectionName.click();
  await expect(dialog.getByTestId('connection-row')).toHaveCount(1);
});
