import { z } from 'zod';
import { requiredString, resourceName } from '../api/index.js';
import { normaliseBaseUrl } from './base-url.js';
import { idArg } from './common-args.js';

/** The connections-* handlers: arguments and results. Tokens go in, never out. */

export const CONNECTION_KINDS = ['demo', 'organisation'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** Pasted tokens often carry a stray space or newline. */
const tokenArg = requiredString()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(4096, { message: 'must be at most 4096 characters' });

const baseUrlArg = requiredString().superRefine((value, ctx) => {
  const check = normaliseBaseUrl(value);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
});

export const connectionsListArgsSchema = z.strictObject({});
export type ConnectionsListArgs = z.infer<typeof connectionsListArgsSchema>;

export const connectionsAddArgsSchema = z.strictObject({
  name: resourceName,
  baseUrl: baseUrlArg,
  token: tokenArg,
  /** Switch to the new connection once it is saved (default true). */
  makeCurrent: z.boolean().optional(),
});
export type ConnectionsAddArgs = z.infer<typeof connectionsAddArgsSchema>;

/**
 * Either a saved connection, or an address and token not saved yet. The
 * address is not validated here: a bad one is a test outcome, reported as such.
 */
export const connectionsTestArgsSchema = z
  .strictObject({
    connectionId: idArg.optional(),
    baseUrl: requiredString().optional(),
    token: tokenArg.optional(),
  })
  .superRefine((args, ctx) => {
    if (args.connectionId !== undefined) {
      if (args.baseUrl !== undefined || args.token !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['connectionId'],
          message: 'give either connectionId, or baseUrl and token, not both',
        });
      }
      return;
    }
    if (args.baseUrl === undefined) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'is required (or connectionId)' });
    }
    if (args.token === undefined) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'is required (or connectionId)' });
    }
  });
export type ConnectionsTestArgs = z.infer<typeof connectionsTestArgsSchema>;

export const connectionsSwitchArgsSchema = z.strictObject({ connectionId: idArg });
export type ConnectionsSwitchArgs = z.infer<typeof connectionsSwitchArgsSchema>;

export const connectionsRemoveArgsSchema = z.strictObject({
  connectionId: idArg,
  /** Needed when the connection still has changes the server has not received. */
  discardUnsyncedChanges: z.boolean().optional(),
});
export type ConnectionsRemoveArgs = z.infer<typeof connectionsRemoveArgsSchema>;

/**
 * Replaces a saved connection's token (after a 401, or when the keystore lost
 * it): tested first with one call to its address, saved only if that passes.
 * Queued changes stay and are sent with the new token.
 */
export const connectionsSetTokenArgsSchema = z.strictObject({
  connectionId: idArg,
  token: tokenArg,
});
export type ConnectionsSetTokenArgs = z.infer<typeof connectionsSetTokenArgsSchema>;

export interface ConnectionSummary {
  id: string;
  name: string;
  baseUrl: string;
  kind: ConnectionKind;
  createdAt: string;
  lastContactAt: string | null;
  isCurrent: boolean;
  /** False when the secret store lost the token (a new OS keyring, say): ask for it again. */
  hasToken: boolean;
}

export interface SecretStorageInfo {
  /** True when tokens are encrypted at rest (the OS keystore). */
  encrypted: boolean;
  /** What the UI must tell the user when they are not, else null. */
  warning: string | null;
}

export interface ConnectionsListResult {
  connections: ConnectionSummary[];
  secretStorage: SecretStorageInfo;
}

export interface ConnectionsRemoveResult {
  removedId: string;
  /** The connection now current (none when the current one was removed). */
  currentId: string | null;
}

/** Why a connection test failed, one case per thing the user can fix. */
export const CONNECTION_TEST_PROBLEMS = [
  'bad-url', // not a web address
  'https-required', // http:// to a host other than this computer
  'unreachable', // no answer: wrong address, no network, server down
  'timeout', // connected, but no complete answer in time
  'unauthorized', // 401: token wrong, expired or revoked
  'forbidden', // 403: the token lacks the read:projects scope
  'not-the-api', // something answered, but not the Production Data API
  'rate-limited', // 429
  'server-error', // 5xx
] as const;
export type ConnectionTestProblem = (typeof CONNECTION_TEST_PROBLEMS)[number];

export type ConnectionTestResult =
  | {
      ok: true;
      /** The address as it will be stored (with /api/v1). */
      baseUrl: string;
      /** Projects the token can see; null when the service's list does not say (no `total`). */
      projectCount: number | null;
      latencyMs: number;
    }
  | {
      ok: false;
      problem: ConnectionTestProblem;
      message: string;
      /** The normalised address, when it could be read. */
      baseUrl?: string;
      status?: number;
      requestId?: string;
    };
