import { expect, type Locator, type Page } from '@playwright/test';

/** "Keep on this computer" (the download dialog), opened from the sidebar. */
export class DownloadDialog {
  readonly dialog: Locator;
  readonly estimate: Locator;
  readonly progress: Locator;
  readonly available: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Keep on this computer' });
    this.estimate = this.dialog.getByTestId('download-estimate');
    this.progress = this.dialog.getByRole('progressbar', { name: 'Download progress' });
    this.available = this.dialog.getByTestId('download-available');
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: /Keep on this computer…/ }).click();
    await expect(this.dialog).toBeVisible();
  }

  async chooseRange(label: 'Last year' | 'Last 5 years' | 'Whole history'): Promise<void> {
    const preset = this.dialog.getByRole('button', { name: label, exact: true });
    await preset.click();
    await expect(preset).toHaveAttribute('aria-pressed', 'true');
  }

  /** Starts the download and waits for the dialog to say it is complete. */
  async download(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Download history' }).click();
    await expect(this.dialog.getByText('Download complete')).toBeVisible({ timeout: 45_000 });
    await expect(this.progress).toHaveAttribute('aria-valuenow', '100');
  }
}
