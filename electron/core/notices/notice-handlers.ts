import type { CoreNotice } from '#shared/desktop/index.js';
import type { CoreLogger } from '../core-errors.js';
import { defineHandlers } from '../handler-kit.js';

/** core-notices: what the core had to say when it started (copies: callers cannot change them). */
export function noticeHandlers(notices: readonly CoreNotice[], log: CoreLogger) {
  return defineHandlers(
    {
      'core-notices': () => ({ notices: notices.map((notice) => ({ ...notice })) }),
    },
    log,
  );
}
