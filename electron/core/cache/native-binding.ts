/**
 * better-sqlite3's `nativeBinding`: under Electron (npm start), the path of a copy built for
 * Electron's ABI, given in FLOWLINE_SQLITE_BINDING; unset under Node, which loads its own.
 */
export function sqliteBindingOptions(): { nativeBinding?: string } {
  const binding = process.env.FLOWLINE_SQLITE_BINDING;
  return binding ? { nativeBinding: binding } : {};
}
