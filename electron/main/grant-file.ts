import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type { GrantedFile, HandlerReply } from '#shared/desktop/index.js';
import { IpcRefused } from './ipc-guard.js';

/**
 * The main process turns a path the person chose (open dialog, drop, File menu) into a
 * handle the page can use for an import, by asking the core for a grant. The page only
 * ever holds the handle; the core reads only granted files.
 */

/** preload → main: the path Electron's webUtils found for a File the person dropped or chose. */
export const grantFileArgsSchema = z.strictObject({
  path: z.string().min(2).max(4096).refine(isAbsolute, 'an absolute path'),
});

export type InvokeAsHost = (name: string, args: unknown) => Promise<HandlerReply<unknown>>;

/** The grant, or IpcRefused with the core's sentence (e.g. a file in Flowline's data folder). */
export async function grantChosenFile(invoke: InvokeAsHost, path: string): Promise<GrantedFile> {
  const reply = await invoke('files-grant', { path });
  if (!reply.ok) throw new IpcRefused(reply.error.message);
  return reply.result as GrantedFile;
}
