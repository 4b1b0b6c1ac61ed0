import { expect } from 'vitest';
import { CoreError } from '#shared/desktop/index.js';

/** What a handler call rejected with, checked to be a CoreError (never a raw error). */
export async function coreErrorOf(promise: Promise<unknown>): Promise<CoreError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
}
