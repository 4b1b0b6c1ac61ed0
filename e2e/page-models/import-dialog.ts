import { expect, type Locator, type Page } from '@playwright/test';

/** The page's DOM constructors, named without the DOM library (the e2e code is compiled for Node). */
interface DropGlobals {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: unknown[], name: string, options?: { type?: string }) => unknown;
  DragEvent: new (
    type: string,
    init: { dataTransfer: unknown; bubbles: boolean; cancelable: boolean },
  ) => unknown;
}

/** The well page's CSV drop zone and the import dialog: mapping, preview, commit, progress. */
export class ImportDialog {
  readonly dropZone: Locator;
  readonly importButton: Locator;
  readonly dialog: Locator;
  readonly mappingRows: Locator;
  readonly dateFormatChoice: Locator;
  /** The date format picker, always beside the mapping. */
  readonly dateFormatSelect: Locator;
  /** The date cells the format was read from, or the question when they fit several. */
  readonly dateFormatNote: Locator;
  readonly summary: Locator;
  readonly previewRows: Locator;
  readonly invalidList: Locator;
  readonly commitButton: Locator;
  readonly progress: Locator;
  readonly done: Locator;
  readonly error: Locator;
  /** Why a file that was read cannot be imported as mapped (no date column). */
  readonly blocked: Locator;
  readonly exportInvalid: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.dropZone = page.getByTestId('import-drop-zone');
    this.importButton = page.getByTestId('import-button');
    this.dialog = page.getByTestId('import-dialog');
    this.mappingRows = page.getByTestId('import-mapping-row');
    this.dateFormatChoice = page.getByTestId('date-format-choice');
    this.dateFormatSelect = page.getByTestId('date-format-select');
    this.dateFormatNote = page.getByTestId('date-format-note');
    this.summary = page.getByTestId('import-summary');
    this.previewRows = page.getByTestId('import-preview-row');
    this.invalidList = page.getByTestId('import-invalid-list');
    this.commitButton = page.getByTestId('import-commit');
    this.progress = page.getByTestId('import-progress');
    this.done = page.getByTestId('import-done');
    this.error = page.getByTestId('import-error');
    this.blocked = page.getByTestId('import-blocked');
    this.exportInvalid = page.getByTestId('import-export-invalid');
    this.close = page.getByTestId('import-dialog-close');
  }

  /** Drags a file over the page as the OS would (a DataTransfer holding a File), checks the highlight, drops it. */
  async dropFile(name: string, content: string | Uint8Array): Promise<void> {
    const bytes = [...(typeof content === 'string' ? new TextEncoder().encode(content) : content)];
    const dispatch = (types: string[]) =>
      this.dropZone.evaluate(
        (zone, [fileName, fileBytes, eventTypes]) => {
          const dom = globalThis as unknown as DropGlobals;
          const data = new dom.DataTransfer();
          data.items.add(new dom.File([new Uint8Array(fileBytes)], fileName, { type: 'text/csv' }));
          for (const type of eventTypes) {
            zone.dispatchEvent(
              new dom.DragEvent(type, {
                dataTransfer: data,
                bubbles: true,
                cancelable: true,
              }) as Event,
            );
          }
        },
        [name, bytes, types] as const,
      );
    await dispatch(['dragenter', 'dragover']);
    await expect(this.dropZone).toHaveAttribute('data-dragging', 'true');
    await dispatch(['drop']);
    await expect(this.dialog).toBeVisible();
  }

  target(index: number): Locator {
    return this.page.getByTestId(`mapping-target-${index}`);
  }

  /** The first cells of a column, shown beside its header. */
  samples(index: number): Locator {
    return this.page.getByTestId(`mapping-samples-${index}`);
  }

  unit(index: number): Locator {
    return this.page.getByTestId(`mapping-unit-${index}`);
  }

  async mapColumn(index: number, target: string, unit?: string): Promise<void> {
    await this.target(index).selectOption(target);
    if (unit) await this.unit(index).selectOption(unit);
  }

  stat(key: 'new' | 'replaced' | 'invalid' | 'skipped' | 'unmatched'): Locator {
    return this.page.getByTestId(`import-stat-${key}`);
  }

  invalidRow(line: number): Locator {
    return this.invalidList.locator(`[data-line="${line}"]`);
  }

  previewRow(date: string): Locator {
    return this.page.locator(`[data-testid=import-preview-row][data-date="${date}"]`);
  }

  previewCell(date: string, field: string): Locator {
    return this.previewRow(date).locator(`[data-field=${field}]`);
  }
}
