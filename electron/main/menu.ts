import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '#electron/ipc/ipc-channels.js';

/**
 * The native menu as a template (built into a Menu by main.ts). Items the renderer acts on
 * are sent to the focused window as 'menu-command' messages; the rest are Electron roles or
 * main-process actions. Labels follow each platform's custom ("Quit" in the app menu on
 * macOS, in File elsewhere).
 */
export interface MenuActions {
  /** Sends a command to the focused Flowline window. */
  command(command: MenuCommand): void;
  openDataFolder(): void;
  about(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Reload and developer tools: development builds only. */
  devTools: boolean;
  appName?: string;
}

export function buildMenuTemplate(
  options: MenuOptions,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const appName = options.appName ?? 'Flowline';
  const send = (command: MenuCommand) => () => actions.command(command);
  // '&' marks the Alt-key mnemonic on Windows and Linux; macOS menus have none.
  const top = (label: string) => (mac ? label.replace('&', '') : label);

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about', label: `About ${appName}` },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit', label: `Quit ${appName}`, accelerator: 'Cmd+Q' },
    ],
  };

  const file: MenuItemConstructorOptions = {
    label: top('&File'),
    submenu: [
      {
        id: 'import-csv',
        label: 'Import CSV or Excel…',
        accelerator: 'CmdOrCtrl+O',
        click: send('import-csv'),
      },
      { id: 'export', label: 'Export…', accelerator: 'CmdOrCtrl+E', click: send('export') },
      { type: 'separator' },
      {
        id: 'connect-organisation',
        label: 'Connect to organisation…',
        accelerator: 'CmdOrCtrl+Shift+O',
        click: send('connect-organisation'),
      },
      { id: 'sync-now', label: 'Sync now', accelerator: 'F5', click: send('sync-now') },
      { type: 'separator' },
      mac
        ? { role: 'close', label: 'Close Window', accelerator: 'Cmd+W' }
        : { role: 'quit', label: 'Quit', accelerator: 'Ctrl+Q' },
    ],
  };

  const edit: MenuItemConstructorOptions = {
    label: top('&Edit'),
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: top('&View'),
    submenu: [
      ...(options.devTools
        ? ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const)
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: top('&Help'),
    submenu: [
      {
        id: 'show-shortcuts',
        label: 'Keyboard Shortcuts',
        accelerator: 'CmdOrCtrl+/',
        click: send('show-shortcuts'),
      },
      { id: 'open-data-folder', label: 'Open Data Folder', click: () => actions.openDataFolder() },
      ...(mac
        ? []
        : ([
            { type: 'separator' },
            { id: 'about', label: `About ${appName}`, click: () => actions.about() },
          ] as const)),
    ],
  };

  return [
    ...(mac ? [appMenu] : []),
    file,
    edit,
    view,
    ...(mac ? [{ role: 'windowMenu' } as const] : []),
    help,
  ];
}
