import { expect, type Locator, type Page } from '@playwright/test';

/** The project's Data quality tab: the findings queue. */
export class QualityPage {
  readonly tab: Locator;
  readonly findings: Locator;
  readonly summary: Locator;
  readonly showDismissed: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByTestId('tab-quality');
    this.findings = page.getByTestId('quality-finding');
    this.summary = page.getByTestId('quality-summary');
    this.showDismissed = page.getByRole('checkbox', { name: /Show dismissed/ });
  }

  /**
   * Opens the tab. Its scan may first bring wells' history to this computer (online, a
   * project not yet whole), so the summary is the caller's to wait for, as long as it takes.
   */
  async open(): Promise<void> {
    await this.tab.click();
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
  }

  /** The Rule filter's option for `rule`, with its count as the scan found it ("… (3)"). */
  async ruleOption(rule: string): Promise<string> {
    const options = await this.page
      .getByRole('combobox', { name: 'Rule' })
      .locator('option')
      .allTextContents();
    const option = options.find((text) => text.startsWith(`${rule} (`));
    if (!option) throw new Error(`No "${rule}" in the Rule filter: ${options.join(', ')}`);
    return option;
  }

  async filterRule(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Rule' }).selectOption({ label });
  }

  finding(rule: string, well: string, from: string): Locator {
    return this.page.locator(
      `[data-testid=quality-finding][data-rule="${rule}"][data-well="${well}"][data-from="${from}"]`,
    );
  }
}
