/**
 * better-sqlite3's `nativeBinding` option, for the server's database and the desktop cache
 * alike: under Electron (npm start) the path of a copy built for Electron's ABI, given in
 * FLOWLINE_SQLITE_BINDING; unset under Node, which loads its own. The caller passes its
 * environment (`process.env`), so a test can hand it another.
 */
export function sqliteBindingOptions(env: Readonly<Record<string, string | undefined>>): {
  nativeBinding?: string;
} {
  const binding = env.FLOWLINE_SQLITE_BINDING;
  return binding ? { nativeBinding: binding } : {};
}
