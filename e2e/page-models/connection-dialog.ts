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

  /** Types a new token into "Sign in again" and saves it; the dialog closes once it is accepted. */
  async signInWith(token: string): Promise<void> {
    await expect(this.signIn).toBeVisible();
    await this.signIn.getByLabel('New API token').fill(token);
    await this.signIn.getByRole('button', { name: 'Save token' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
