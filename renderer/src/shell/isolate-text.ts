/**
 * A name someone typed (a well, a project, a connection) may hold bidirectional controls: a
 * right-to-left override (U+202E) left open reverses whatever follows it on the line, so a
 * well named "\u202EEW" would turn the "offline" badge beside it, or the rest of a report
 * title, around; right-to-left letters alone also pull neighbouring digits and punctuation
 * into their run. In the page a name sits in a <bdi> (isolated, direction from its own
 * letters); in plain text (a document or PDF title, a chart image's header and legend) it
 * sits between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, which do the same.
 */
const BIDI_SENSITIVE =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * `text` isolated for plain-text use. Left-to-right text without controls is returned as it
 * is: it cannot reorder its neighbours, and titles stay free of invisible characters.
 */
export function isolateText(text: string): string {
  return BIDI_SENSITIVE.test(text) ? `\u2068${text}\u2069` : text;
}
