import { expect, type Locator, type Page } from '@playwright/test';

/** The Connections dialog, opened from the connection name or "Sign in again" in the top bar. */
export class ConnectionDialog {
  readonly dialog: Locator;
  /** "Sign in again to <connection>": shown while the server refuses the saved token. */
  readonly signIn: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Connections' });
    this.signIn = this.dialog.getByTestId('sign-in-again-section');
  }

  /**
   * Adds an organisation's API as a person does: the connection name in the top bar, its
   * address, token and name, "Test" (which must pass), then "Save and connect".
   */
  async addConnection(name: string, url: string, token: string): Promise<void> {
    await this.page.getByTestId('connection-name').click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByLabel('API address').fill(url);
    await this.dialog.getByLabel('API token').fill(token);
    await this.dialog.getByLabel('Name').fill(name);
    await this.dialog.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(this.dialog.getByRole('status')).toContainText('Connected');
    await this.dialog.getByRole('button', { name: 'Save and connect' }).click();
    await expect(this.dialog).toBeHidden();
  }

  /** Types a new token into "Sign in again" and saves it; the dialog closes once it is accepted. */
  async signInWith(token: string): Promise<void> {
    await expect(this.signIn).toBeVisible();
    await this.signIn.getByLabel('New API token').fill(token);
    await this.signIn.getByRole('button', { name: 'Save token' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
