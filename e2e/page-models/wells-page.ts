import { expect, type Locator, type Page } from '@playwright/test';

/** A project's wells table: filters, search, sort, rows. */
export class WellsPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly count: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('wells-table');
    this.rows = page.getByTestId('well-row');
    this.count = page.getByTestId('well-count');
    this.search = page.getByRole('searchbox', { name: 'Search wells' });
  }

  async filter(label: 'Type' | 'Status', value: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  }

  /** Shows or hides a column with the column menu, as a person does. */
  async showColumn(label: string, shown = true): Promise<void> {
    const menu = this.page.getByTestId('column-menu');
    await menu.getByText('Columns', { exact: true }).click();
    const box = menu.getByRole('checkbox', { name: label, exact: true });
    if (shown) await box.check();
    else await box.uncheck();
    await this.page.keyboard.press('Escape');
  }

  /**
   * Searches for `search` and opens the well named `name`: clicks the row that shows it, as
   * a person reads the row before clicking (the previous rows stay on screen until the
   * search's answer arrives).
   */
  async openWell(name: string, search = name): Promise<void> {
    await this.search.fill(search);
    await this.rows.filter({ hasText: name }).first().getByRole('gridcell').first().click();
  }

  /** Sorts by a column and waits for the new order (the core sorts; until its answer is
   * drawn the rows shown are the last order's, and the grid says it is busy). */
  async sortBy(column: string): Promise<void> {
    await this.page.getByTestId(`sort-${column}`).click();
    await expect(this.page.getByTestId('wells-table')).toHaveAttribute('aria-busy', 'false');
  }

  async names(): Promise<string[]> {
    await expect(this.rows.first()).toBeVisible();
    // The name itself, without the marks beside it ("offline").
    return this.rows.getByTestId('well-name').allTextContents();
  }
}
