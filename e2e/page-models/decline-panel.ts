import { expect, type Locator, type Page } from '@playwright/test';

/** The well page's decline panel ("Fit decline"): parameters, results, settings. */
export class DeclinePanel {
  readonly panel: Locator;
  readonly openButton: Locator;
  readonly eur: Locator;
  readonly remaining: Locator;
  readonly saveState: Locator;
  readonly errors: Locator;
  /** The "stale" badge, and its Refit button. */
  readonly stale: Locator;
  readonly refitStale: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('decline-panel');
    this.openButton = page.getByTestId('fit-decline');
    this.eur = page.getByTestId('decline-eur');
    this.remaining = page.getByTestId('decline-remaining');
    this.saveState = page.getByTestId('decline-save-state');
    this.errors = page.getByTestId('decline-param-errors');
    this.stale = page.getByTestId('decline-stale');
    this.refitStale = page.getByTestId('decline-refit-stale');
  }

  /** The fit window the panel shows. */
  async windowDates(): Promise<{ from: string; to: string }> {
    return {
      from: await this.page.getByTestId('decline-window-from').inputValue(),
      to: await this.page.getByTestId('decline-window-to').inputValue(),
    };
  }

  param(field: 'qi' | 'diNominal' | 'diEffective' | 'diTangent' | 'b' | 'dMin'): Locator {
    return this.page.getByTestId(`decline-param-${field}`);
  }

  async paramValue(
    field: 'qi' | 'diNominal' | 'diEffective' | 'diTangent' | 'b' | 'dMin',
  ): Promise<number> {
    return Number((await this.param(field).inputValue()).replace(/,/g, ''));
  }

  /** A figure such as "1,234,567 bbl" as a number. */
  async figure(locator: Locator): Promise<number> {
    const text = (await locator.textContent()) ?? '';
    return Number(text.replace(/[^\d.]/g, ''));
  }

  /** Replaces a parameter's text as a person would: select all, type. */
  async type(field: 'qi' | 'diNominal' | 'diEffective' | 'diTangent' | 'b' | 'dMin', text: string) {
    const input = this.param(field);
    await input.click();
    await input.press('ControlOrMeta+a');
    await this.page.keyboard.type(text);
    await expect(input).toHaveValue(text);
  }

  /** Sets the project's economic limit of a stream in the settings popover. */
  async setEconomicLimit(stream: 'oil' | 'gas' | 'water', value: string): Promise<void> {
    const settings = this.page.getByTestId('decline-settings');
    await settings.locator('summary').click();
    const input = this.page.getByTestId(`decline-settings-limit-${stream}`);
    await input.fill(value);
    await this.page.getByTestId('decline-settings-save').click();
    await expect(settings.getByRole('status')).toHaveText('Saved');
    await this.page.keyboard.press('Escape');
  }
}
