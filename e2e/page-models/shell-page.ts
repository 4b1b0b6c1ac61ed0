import { expect, type Locator, type Page } from '@playwright/test';

/** The app shell: projects sidebar, status top bar, content area. */
export class ShellPage {
  readonly projectLinks: Locator;
  readonly connectionName: Locator;
  readonly onlineState: Locator;
  readonly pendingCount: Locator;
  readonly title: Locator;

  constructor(readonly page: Page) {
    this.projectLinks = page.getByTestId('project-link');
    this.connectionName = page.getByTestId('connection-name');
    this.onlineState = page.getByTestId('online-state');
    this.pendingCount = page.getByTestId('pending-count');
    this.title = page.getByTestId('page-title');
  }

  async open(launchUrl: string): Promise<void> {
    await this.page.goto(launchUrl);
    await expect(this.projectLinks.first()).toBeVisible();
  }

  async projectNames(): Promise<string[]> {
    return this.page.locator('[data-testid=project-link] .project-name').allTextContents();
  }

  /**
   * Adds an organisation's API as a person does: the connection name in the top bar, then
   * its address and token, "Test" (which must pass), "Save and connect". Lands on its
   * first project.
   */
  async addConnection(name: string, url: string, token: string): Promise<void> {
    await this.connectionName.click();
    const dialog = this.page.getByTestId('connection-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('connection-url').fill(url);
    await dialog.getByTestId('connection-token').fill(token);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByTestId('connection-test').click();
    await expect(dialog.getByTestId('connection-result')).toHaveAttribute('data-ok', 'true');
    await dialog.getByTestId('connection-save').click();
    await expect(dialog).toBeHidden();
    await expect(this.connectionName).toContainText(name);
  }

  async openProject(name: string): Promise<void> {
    await this.projectLinks.filter({ hasText: name }).click();
    await expect(this.title).toHaveText(name);
  }
}
