import {
  CoreError,
  handlerSchema,
  isHandlerName,
  isRendererHandler,
  type HandlerArgs,
  type HandlerFn,
  type HandlerName,
  type HandlerReply,
  type HandlerResult,
} from '#shared/desktop/index.js';
import { toCoreError, validationError, type CoreLogger } from './core-errors.js';

/**
 * Wraps an implementation: the argument is parsed with the shared schema
 * before anything runs (so bad arguments change nothing), and whatever goes
 * wrong leaves as a CoreError.
 */
export function defineHandler<K extends HandlerName>(
  name: K,
  implementation: Implementation<K>,
  log: CoreLogger,
): HandlerFn<K> {
  const schema = handlerSchema(name);
  return async (args) => {
    const parsed = schema.safeParse(args);
    if (!parsed.success) throw validationError(name, parsed.error.issues);
    try {
      return await implementation(parsed.data as HandlerArgs<K>);
    } catch (error) {
      throw toCoreError(error, name, log);
    }
  };
}

/** What a handler does, given its parsed argument. */
export type Implementation<K extends HandlerName> = (
  args: HandlerArgs<K>,
) => Promise<HandlerResult<K>> | HandlerResult<K>;

/**
 * A domain's handlers, each name written once, as its key: every implementation is wrapped
 * as defineHandler wraps one, with the schema its name has in HANDLERS.
 */
export function defineHandlers<K extends HandlerName>(
  implementations: { [P in K]: Implementation<P> },
  log: CoreLogger,
): { [P in K]: HandlerFn<P> } {
  const entries = Object.entries(implementations) as [K, Implementation<K>][];
  return Object.fromEntries(
    entries.map(([name, implementation]) => [name, defineHandler(name, implementation, log)]),
  ) as { [P in K]: HandlerFn<P> };
}

/**
 * What hosts call with a name and arguments from the wire: never rejects,
 * always a serialisable reply, also for a name that is not a handler (or one
 * this build does not implement yet).
 */
export async function dispatch(
  handlers: Partial<Record<HandlerName, (args: never) => Promise<unknown>>>,
  name: string,
  args: unknown,
  log: CoreLogger,
): Promise<HandlerReply<unknown>> {
  const handler = isHandlerName(name) ? handlers[name] : undefined;
  if (!handler) {
    const error = new CoreError(
      'not-found',
      isHandlerName(name)
        ? `The handler ${name} is not available in this version`
        : `There is no handler named ${JSON.stringify(name)}`,
    );
    return { ok: false, error: error.toJSON() };
  }
  try {
    return { ok: true, result: await (handler as (args: unknown) => Promise<unknown>)(args) };
  } catch (error) {
    return { ok: false, error: toCoreError(error, name, log).toJSON() };
  }
}

/**
 * What the hosts relay from the page: the same, but a handler the page may not call
 * (its entry in HANDLERS says `host`) is refused before its arguments are even parsed.
 */
export function dispatchFromRenderer(
  handlers: Partial<Record<HandlerName, (args: never) => Promise<unknown>>>,
  name: string,
  args: unknown,
  log: CoreLogger,
): Promise<HandlerReply<unknown>> {
  if (isHandlerName(name) && !isRendererHandler(name)) {
    const error = new CoreError(
      'forbidden',
      `The handler ${name} is for Flowline itself and cannot be called from the page`,
    );
    return Promise.resolve({ ok: false, error: error.toJSON() });
  }
  return dispatch(handlers, name, args, log);
}
