import { z } from 'zod';
import { requiredString } from '../api/index.js';

/**
 * Files the person chose, as the renderer may name them. The core reads only
 * these: the desktop's main process turns an open dialog, a drop or the File
 * menu into a grant (`files-grant`, which the page itself cannot call), and
 * the page refers to the file by the grant's handle, an unguessable id it
 * cannot forge into a path. The browser host grants nothing: the page sends a
 * file's bytes as text instead.
 */

/** 144 random bits, base64url, behind a prefix that says what it is. */
export const FILE_HANDLE_PATTERN = /^file_[A-Za-z0-9_-]{24}$/;

export const fileHandleArg = requiredString().regex(FILE_HANDLE_PATTERN, {
  message: 'must be a file handle given by Flowline when the file was chosen',
});

export const filesGrantArgsSchema = z.strictObject({
  /** An absolute path from a dialog, a drop or the menu (the main process's word, not the page's). */
  path: requiredString().min(2, { message: 'must be an absolute path' }).max(4096, {
    message: 'must be at most 4096 characters',
  }),
});
export type FilesGrantArgs = z.infer<typeof filesGrantArgsSchema>;

/** A chosen file as the page knows it: a handle, the file's name and size, never its folder. */
export interface GrantedFile {
  handle: string;
  name: string;
  size: number;
}
