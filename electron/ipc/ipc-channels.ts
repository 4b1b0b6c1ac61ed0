/**
 * The few Electron IPC channels between the preload and the main process (everything else
 * goes to the core over the MessagePort). Kept free of dependencies: the preload bundles it.
 */
export const IPC_CHANNELS = {
  /** preload → main: "give this page a port to the core" (on load, and after a core restart). */
  corePortRequest: 'flowline:core-port-request',
  /** main → preload: the page's end of a MessageChannel whose other end is in the core. */
  corePort: 'flowline:core-port',
  /** preload → main (invoke): native helpers. */
  saveFile: 'flowline:save-file',
  openFile: 'flowline:open-file',
  revealFile: 'flowline:reveal-file',
  printToPdf: 'flowline:print-to-pdf',
  /** preload → main (invoke): make a dropped/chosen File readable by the core; answers a handle. */
  grantFile: 'flowline:grant-file',
  /** main → preload: a menu item the renderer acts on. */
  menuCommand: 'menu-command',
  /** main → preload: the file chosen with File ▸ Import CSV or Excel…, granted (`{ handle, name, size }`). */
  importFile: 'flowline:import-file',
} as const;

/**
 * Menu items the renderer acts on (File ▸ Import CSV or Excel…, …). The browser host has no native
 * menu; the renderer offers the same actions in its own UI.
 */
export const MENU_COMMANDS = [
  'import-csv',
  'export',
  'connect-organisation',
  'sync-now',
  'show-shortcuts',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

export function isMenuCommand(value: unknown): value is MenuCommand {
  return typeof value === 'string' && (MENU_COMMANDS as readonly string[]).includes(value);
}

/** What File ▸ Import CSV or Excel… sends: the chosen file as granted by the core (never its path). */
export interface ImportFileMessage {
  handle: string;
  name: string;
  size: number;
}

/** Kept in step with FILE_HANDLE_PATTERN in shared/desktop (this file is bundled dependency-free). */
const HANDLE = /^file_[A-Za-z0-9_-]{24}$/;

export function isImportFileMessage(value: unknown): value is ImportFileMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { handle, name, size } = value as Record<string, unknown>;
  return (
    Object.keys(value).length === 3 &&
    typeof handle === 'string' &&
    HANDLE.test(handle) &&
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= 255 &&
    typeof size === 'number' &&
    Number.isSafeInteger(size) &&
    size >= 0
  );
}
