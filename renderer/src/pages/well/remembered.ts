/**
 * A value built once per source object and key: a chart's spec for an answer (and log or
 * linear), so a well opened again draws from the series it built before, whose reductions
 * to the plot's width are remembered too (series.ts). Forgotten with the answer.
 */
const built = new WeakMap<object, Map<string, unknown>>();

export function remembered<T>(source: object, key: string, build: () => T): T {
  let byKey = built.get(source);
  if (!byKey) {
    byKey = new Map();
    built.set(source, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = build();
  byKey.set(key, value);
  return value;
}
