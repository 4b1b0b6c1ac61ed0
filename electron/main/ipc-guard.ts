import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { isAppUrl } from './app-protocol.js';

/**
 * Every IPC message the main process accepts passes two checks: who sent it (the main
 * frame of one of our windows, showing our own origin) and what it carries (a strict
 * schema; anything else is refused before any dialog opens or any file is touched).
 */

export interface IpcSender {
  /** `event.sender.id`. */
  webContentsId: number;
  /** `event.senderFrame?.url`; null when the frame is gone (navigated or destroyed). */
  frameUrl: string | null | undefined;
  /** `event.senderFrame === event.sender.mainFrame`. */
  isMainFrame: boolean;
}

export function isTrustedSender(sender: IpcSender, ourWebContents: ReadonlySet<number>): boolean {
  return (
    ourWebContents.has(sender.webContentsId) &&
    sender.isMainFrame &&
    typeof sender.frameUrl === 'string' &&
    isAppUrl(sender.frameUrl)
  );
}

/** Largest file the renderer may save or open through the native helpers. */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

const FORBIDDEN_NAME = /[/\\:*?"<>|\0]/;

const fileFilterSchema = z.strictObject({
  name: z.string().min(1).max(100),
  extensions: z
    .array(z.string().regex(/^(\*|[A-Za-z0-9]{1,16})$/, 'an extension without the dot'))
    .min(1)
    .max(20),
});

const titleSchema = z.string().max(200).optional();

export const saveFileArgsSchema = z.strictObject({
  options: z.strictObject({
    title: titleSchema,
    defaultName: z
      .string()
      .min(1)
      .max(255)
      .refine(
        (name) => !FORBIDDEN_NAME.test(name) && name !== '.' && name !== '..',
        'a file name, not a path',
      ),
    filters: z.array(fileFilterSchema).max(20).optional(),
  }),
  data: z.union([
    z.string().max(MAX_FILE_BYTES),
    z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= MAX_FILE_BYTES, 'too large'),
  ]),
});
export type SaveFileArgs = z.infer<typeof saveFileArgsSchema>;

export const openFileArgsSchema = z.strictObject({
  options: z.strictObject({
    title: titleSchema,
    filters: z.array(fileFilterSchema).max(20).optional(),
  }),
});
export type OpenFileArgs = z.infer<typeof openFileArgsSchema>;

export const revealFileArgsSchema = z.strictObject({
  path: z.string().min(1).max(4096).refine(isAbsolute, 'an absolute path'),
});
export type RevealFileArgs = z.infer<typeof revealFileArgsSchema>;

/** A refusal the renderer sees as the rejection of its `native.*` call: plain words only. */
export class IpcRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpcRefused';
  }
}

/** Parses an IPC argument or throws IpcRefused naming the first problem (never the value). */
export function parseIpcArgs<T>(schema: z.ZodType<T>, channel: string, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  throw new IpcRefused(`Invalid arguments for ${channel}${where}: ${issue?.message ?? 'rejected'}`);
}
