import { expect, type Locator } from '@playwright/test';

/**
 * What a well chart shows of its series: its canvas layer, named by the lines on it
 * ("Lines: Oil, Water, Gas"), which writes each line it drew with its number of vertices
 * in `data-lines` ("oil_rate:2261:… water_rate:…").
 */
export function seriesLayer(chart: Locator): Locator {
  return chart.locator('canvas.series-canvas');
}

/** Waits until the chart has drawn exactly `keys`, each with at least one vertex. */
export async function expectLinesDrawn(chart: Locator, keys: readonly string[]): Promise<void> {
  const layer = seriesLayer(chart);
  await expect(layer).toBeVisible();
  await expect(layer).toHaveAttribute(
    'data-lines',
    new RegExp(`^${keys.map((key) => `${key}:[1-9]\\d*:[0-9a-z]+`).join(' ')}$`),
  );
}

export const RATE_LINES = ['oil_rate', 'water_rate', 'gas_rate'] as const;

/** Waits until the chart has drawn the line `key` with at least one vertex. */
export async function expectLineDrawn(chart: Locator, key: string): Promise<void> {
  await expect(seriesLayer(chart)).toHaveAttribute(
    'data-lines',
    new RegExp(`(^| )${key}:[1-9]\\d*:[0-9a-z]+( |$)`),
  );
}
