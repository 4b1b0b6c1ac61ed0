/** True for a postgres:// or postgresql:// URL; anything else names a SQLite file. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/** The target as it may be printed or logged: a URL without its password. */
export function describeDatabase(target: string): string {
  if (!isPostgresUrl(target)) return target;
  const url = new URL(target);
  if (url.password) url.password = '***';
  return url.toString();
}
