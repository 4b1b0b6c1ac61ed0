export const SCOPES = [
  'read:projects',
  'read:wells',
  'read:production',
  'write:projects',
  'write:wells',
  'admin',
] as const;
export type Scope = (typeof SCOPES)[number];

/** What `token create` grants when no --scopes is given: everything but admin. */
export const DEFAULT_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope !== 'admin');

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export const PLANS = {
  standard: { perMinute: 60, burst: 120 },
  professional: { perMinute: 300, burst: 600 },
  enterprise: { perMinute: 1000, burst: 2000 },
} as const;
export type Plan = keyof typeof PLANS;

export function isPlan(value: string): value is Plan {
  return Object.hasOwn(PLANS, value);
}

/** Who is asking: the user behind a valid token, with that token's scopes. */
export interface Principal {
  userId: number;
  userName: string;
  plan: Plan;
  scopes: ReadonlySet<Scope>;
  tokenId: number;
}

export function isAdmin(principal: Principal): boolean {
  return principal.scopes.has('admin');
}

export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes.has('admin') || principal.scopes.has(scope);
}
