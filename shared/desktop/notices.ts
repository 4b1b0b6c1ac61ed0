import { z } from 'zod';

/**
 * What the core has to tell the person about how it started: a damaged cache
 * rebuilt (and which unsynced changes it gave back), a disk so full that it
 * opened read-only. Fixed for the life of the core; the renderer shows them
 * in a banner until dismissed. Never a token, never a stack trace.
 */

export const CORE_NOTICE_KINDS = ['cache-rebuilt', 'disk-full', 'cache-read-only'] as const;
export type CoreNoticeKind = (typeof CORE_NOTICE_KINDS)[number];

export interface CoreNotice {
  /** Unique for this start of the core: the renderer remembers dismissals by it. */
  id: string;
  kind: CoreNoticeKind;
  /** `warning`: nothing is lost; `error`: something may be, or saving is impossible. */
  level: 'warning' | 'error';
  /** What happened, in one sentence. */
  title: string;
  /** Goes on from the title: what was kept, what to do; complete sentences. */
  message: string;
  /** A file on this computer the person may need (the damaged cache, kept aside); in `message` too. */
  keptFile?: string;
}

export const coreNoticesArgsSchema = z.strictObject({});
export type CoreNoticesArgs = z.infer<typeof coreNoticesArgsSchema>;

export interface CoreNoticesResult {
  notices: CoreNotice[];
}
