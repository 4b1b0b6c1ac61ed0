import { randomUUID } from 'node:crypto';
import type { ProductionField, UnitSystem } from '#shared/api/index.js';
import {
  CoreError,
  type ImportPreviewResult,
  type UntouchedFieldChoice,
} from '#shared/desktop/index.js';
import type { FinalRows } from './finalise-rows.js';
import type { RowPlan } from './parse-rows.js';
import type { SourceBytes } from './read-source.js';

/**
 * Previews kept in memory so import-commit and import-invalid-csv do not parse
 * the file again. Bounded: a preview holds every valid record of the file,
 * so only the latest few are kept and the oldest is dropped.
 */
export interface PreparedImport {
  id: string;
  connectionId: string;
  projectId: string;
  unitSystem: UnitSystem;
  /** What to read again for the invalid-rows export: the file, or the text's bytes. */
  source: { name: string; file?: SourceBytes['file']; text?: Buffer; sheet?: string };
  plan: RowPlan;
  headers: string[];
  final: FinalRows;
  unmapped: ProductionField[];
  /** Fields not in the file on replaced days: kept as they are, or emptied. */
  untouchedChoice: UntouchedFieldChoice;
  skippedLines: number;
  preview: ImportPreviewResult;
  committed: boolean;
}

export const MAX_PREPARED_IMPORTS = 3;

export class ImportStore {
  private readonly imports = new Map<string, PreparedImport>();

  newId(): string {
    return `imp_${randomUUID()}`;
  }

  add(prepared: PreparedImport): void {
    this.imports.set(prepared.id, prepared);
    while (this.imports.size > MAX_PREPARED_IMPORTS) {
      this.imports.delete(this.imports.keys().next().value!);
    }
  }

  get(importId: string): PreparedImport {
    const prepared = this.imports.get(importId);
    if (!prepared) {
      throw new CoreError(
        'not-found',
        `Import ${importId} is no longer prepared (only the ${MAX_PREPARED_IMPORTS} latest previews are kept, and none survive a restart); preview the file again.`,
        { issues: [{ path: 'importId', message: 'is not a prepared import' }] },
      );
    }
    return prepared;
  }

  clear(): void {
    this.imports.clear();
  }
}
