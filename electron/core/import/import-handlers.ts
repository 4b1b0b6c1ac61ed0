import type { CoreContext } from '../core-context.js';
import { resolveConnection } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { commitImport } from './commit-import.js';
import { ImportStore } from './import-store.js';
import { invalidRowsCsv } from './invalid-export.js';
import { ImportMappingsRepo } from './mappings-repo.js';
import { prepareImport } from './prepare-import.js';
import { mappingToSave } from './save-mapping.js';

/**
 * The CSV import handlers: preview (parse, map, check; nothing
 * written), commit (queued through the outbox), the invalid rows as CSV, and
 * the saved column mappings.
 */
export function importHandlers(ctx: CoreContext) {
  const store = new ImportStore();
  const mappings = new ImportMappingsRepo(ctx.db);
  return defineHandlers(
    {
      'import-preview': async (args) => (await prepareImport(ctx, store, mappings, args)).preview,

      'import-commit': async (args) => {
        if (args.importId !== undefined) {
          const prepared = store.get(args.importId);
          // The import belongs to the connection it was previewed on.
          if (args.connectionId !== undefined) resolveConnection(ctx, args.connectionId);
          return commitImport(ctx, prepared);
        }
        const { importId: _none, ...previewArgs } = args;
        const prepared = await prepareImport(ctx, store, mappings, {
          ...previewArgs,
          projectId: args.projectId!,
          source: args.source!,
        });
        return commitImport(ctx, prepared);
      },

      'import-invalid-csv': (args) => invalidRowsCsv(store.get(args.importId)),

      'import-mappings-list': () => ({ mappings: mappings.list() }),

      'import-mapping-save': (args) => {
        const mapping = mappingToSave(store, args, ctx.now().toISOString());
        mappings.save(mapping);
        return mapping;
      },

      'import-mapping-delete': (args) => ({ deleted: mappings.remove(args.headerKey) }),
    },
    ctx.log,
  );
}
