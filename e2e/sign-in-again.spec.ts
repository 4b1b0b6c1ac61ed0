import { ConnectionDialog } from './page-models/connection-dialog.js';
import { ShellPage } from './page-models/shell-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { demoApiClient } from './support/demo-api.js';
import { newDemoToken, revokeDemoWorkspaceToken } from './support/demo-tokens.js';
import { expect, test } from './support/fixtures.js';
import { JOURNEY_WELL, openJourneyWell, wellIdsOf } from './support/open-well.js';

/**
 * "Sign in again" (docs/user-guide.md, "Connections"): the server revokes the token the app holds; the
 * app says it must sign in again and keeps the edit made meanwhile; with a new token the
 * edit reaches the server and reads work again.
 */
test('after the token is revoked the app asks to sign in again, keeps the edit, and with a new token sends it and reads again', async ({
  page,
  host,
}) => {
  const shell = new ShellPage(page);
  const well = await openJourneyWell(page, host.launchUrl);
  const { projectId, wellId } = wellIdsOf(page);
  const date = (await well.recordRows.nth(2).getAttribute('data-date')) as string;
  const signInButton = page.getByTestId('top-bar-sign-in');
  await expect(shell.onlineState).toHaveText(/Online/);
  await expect(signInButton).toHaveCount(0);

  // The administrator revokes the token; the next change the app sends is refused.
  revokeDemoWorkspaceToken(host.dataDir);
  await well.editCell(date, 'oil_rate', '7.25');

  await expect(signInButton).toBeVisible();
  await expect(well.row(date)).toHaveAttribute('data-state', 'pending');
  await expect(well.cell(date, 'oil_rate')).toHaveText('7.25');
  await expect(shell.pendingCount).toHaveText(/1 pending/);

  // Reads are refused too: a project never opened on this computer cannot be listed.
  await shell.projectLinks.filter({ hasText: 'Williston Bakken' }).click();
  await expect(shell.title).toHaveText('Williston Bakken');
  await expect(page.getByRole('alert')).toContainText('revoked');
  await expect(new WellsPage(page).rows).toHaveCount(0);

  await signInButton.click();
  const connections = new ConnectionDialog(page);
  await expect(connections.signIn).toContainText('Sign in again to Demo workspace');
  await expect(connections.signIn).toContainText('it has expired or was revoked');
  await expect(connections.signIn).toContainText(
    'Your pending change stays queued here and is sent once a valid token is saved.',
  );
  await page.screenshot({ path: 'test-results/e2e-artifacts/sign-in-again.png' });

  // The administrator issues a new token; the person pastes it.
  await connections.signInWith(newDemoToken(host.dataDir));

  await expect(signInButton).toHaveCount(0);
  await expect(shell.pendingCount).toHaveText(/0 pending/);
  await expect(shell.onlineState).toHaveText(/Online/);
  const api = demoApiClient(host.dataDir, host.demoApiUrl as string);
  const sent = await api.getProduction(projectId, wellId, { from: date, to: date });
  expect(sent.data[0]?.oil_rate).toBeCloseTo(7.25, 9);

  // Reads resume: the project refused a moment ago lists its wells.
  await shell.openProject('Montney Alberta');
  await shell.openProject('Williston Bakken');
  await expect(page.getByTestId('well-count')).toHaveText(/90 of 90 wells/);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // And the well shows its edit as the server's.
  await shell.openProject(JOURNEY_WELL.project);
  const wells = new WellsPage(page);
  await wells.search.fill(JOURNEY_WELL.name);
  await wells.rows.first().getByRole('gridcell').first().click();
  await expect(shell.title).toHaveText(JOURNEY_WELL.name);
  await well.range('3m');
  await expect(well.row(date)).toHaveAttribute('data-state', 'synced');
  await expect(well.cell(date, 'oil_rate')).toHaveText('7.25');
});
