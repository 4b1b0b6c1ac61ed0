import { expect, type Locator, type Page } from '@playwright/test';
import {
  fitProjection,
  hasCoordinates,
  placeWells,
  type MapWell,
  type PlacedWell,
} from '../../renderer/src/pages/field/map-geometry.js';

/** The project's Map tab: the canvas, its tooltip, selection and legend. */
export class MapPage {
  readonly tab: Locator;
  readonly canvas: Locator;
  readonly tooltip: Locator;
  readonly selection: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByTestId('tab-map');
    this.canvas = page.getByTestId('map-canvas');
    this.tooltip = page.getByTestId('map-tooltip');
    this.selection = page.getByTestId('map-selection');
  }

  async open(wellCount: number): Promise<void> {
    await this.tab.click();
    await expect(this.canvas).toHaveAttribute('data-wells', String(wellCount));
    // Drawn, outlines and all: a hover or a drag before that would race the first frame.
    await expect(this.canvas).toHaveAttribute('data-drawn', String(wellCount));
  }

  /**
   * Where each well is drawn, in page pixels: the map's own placement (the projection
   * fitted to the wells, at the canvas's size) before any pan or zoom.
   */
  async placed(wells: MapWell[]): Promise<Array<PlacedWell & { pageX: number; pageY: number }>> {
    const box = (await this.canvas.boundingBox())!;
    const located = wells.filter(hasCoordinates);
    return placeWells(located, fitProjection(located, box.width, box.height)).map((well) => ({
      ...well,
      pageX: box.x + well.x,
      pageY: box.y + well.y,
    }));
  }

  /** Drags a box with Shift held, as a person selects on the map. */
  async boxSelect(from: [number, number], to: [number, number]): Promise<void> {
    await this.page.keyboard.down('Shift');
    await this.page.mouse.move(from[0], from[1]);
    await this.page.mouse.down();
    await this.page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 4 });
    await this.page.mouse.move(to[0], to[1], { steps: 4 });
    await this.page.mouse.up();
    await this.page.keyboard.up('Shift');
  }
}
