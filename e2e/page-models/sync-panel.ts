import { expect, type Locator, type Page } from '@playwright/test';

/** The sync panel, opened from the top bar's pending count. */
export class SyncPanel {
  readonly panel: Locator;
  readonly conflicts: Locator;
  readonly failed: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('sync-panel');
    this.conflicts = page.getByTestId('conflict-item');
    this.failed = page.getByTestId('failed-item');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('pending-count').click();
    await expect(this.panel).toBeVisible();
  }

  /** The conflict on a given day (its side-by-side table names the date). */
  conflictOn(date: string): Locator {
    return this.conflicts.filter({ hasText: date });
  }
}
