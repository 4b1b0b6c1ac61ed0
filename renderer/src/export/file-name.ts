/**
 * File names of exports: `<well>-<what>-<from>_<to>.<ext>`, e.g.
 * `Elmworth-HZ-1-9-69-10-rates-2024-01-01_2024-12-31.png`. Safe on every system (no path
 * separators, no characters Windows refuses) and under the 255 characters the native
 * save dialog accepts.
 */

/** Letters, digits, dots and underscores kept; every other run of characters becomes one dash. */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug.slice(0, 120) || 'well';
}

export function exportFileName(parts: {
  well: string;
  what: string;
  from: string;
  to: string;
  ext: string;
}): string {
  return `${fileSlug(parts.well)}-${fileSlug(parts.what)}-${parts.from}_${parts.to}.${parts.ext}`;
}
