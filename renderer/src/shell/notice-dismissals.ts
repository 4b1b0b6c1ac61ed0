/**
 * Which start-up notices the person has dismissed, by id, for this window's
 * session: a reload does not bring one back, the next start of Flowline (new
 * notices, new ids) does. Storage may be unavailable (private modes): then a
 * dismissal lasts until the page reloads.
 */
const KEY = 'flowline:dismissed-notices';

export function readDismissed(): ReadonlySet<string> {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissed(ids: ReadonlySet<string>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...ids]));
  } catch {
    // Not remembered across a reload; the banner is still gone now.
  }
}
