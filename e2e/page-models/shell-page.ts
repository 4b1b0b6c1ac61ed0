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

  async openProject(name: string): Promise<void> {
    await this.projectLinks.filter({ hasText: name }).click();
    await expect(this.title).toHaveText(name);
  }
}
