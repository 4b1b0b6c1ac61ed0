import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, type MenuActions } from './menu.js';

function actions(): MenuActions & { sent: string[] } {
  const sent: string[] = [];
  return { sent, command: (c) => sent.push(c), openDataFolder: vi.fn(), about: vi.fn() };
}

const items = (menu: MenuItemConstructorOptions | undefined) =>
  (menu?.submenu ?? []) as MenuItemConstructorOptions[];
const find = (template: MenuItemConstructorOptions[], label: string) =>
  template.find(
    (menu) => menu.label?.replace('&', '') === label || menu.role === label.toLowerCase(),
  );
const click = (item: MenuItemConstructorOptions | undefined) =>
  (item?.click as unknown as () => void)();

describe('the native menu', () => {
  it('has File, Edit, View and Help on Windows and Linux, with mnemonics', () => {
    const template = buildMenuTemplate({ platform: 'linux', devTools: false }, actions());
    expect(template.map((menu) => menu.label)).toEqual(['&File', '&Edit', '&View', '&Help']);
  });

  it('adds the app and Window menus on macOS, without mnemonics', () => {
    const template = buildMenuTemplate({ platform: 'darwin', devTools: false }, actions());
    expect(template.map((menu) => menu.label ?? menu.role)).toEqual([
      'Flowline',
      'File',
      'Edit',
      'View',
      'windowMenu',
      'Help',
    ]);
    const app = items(template[0]);
    expect(app.find((item) => item.role === 'quit')).toMatchObject({ accelerator: 'Cmd+Q' });
    expect(items(find(template, 'File')).some((item) => item.role === 'quit')).toBe(false);
  });

  it('File: Import CSV or Excel…, Export…, Connect to organisation…, Quit, with shortcuts', () => {
    const acts = actions();
    const file = items(
      find(buildMenuTemplate({ platform: 'win32', devTools: false }, acts), 'File'),
    );
    const byId = (id: string) => file.find((item) => item.id === id);
    expect(byId('import-csv')).toMatchObject({
      label: 'Import CSV or Excel…',
      accelerator: 'CmdOrCtrl+O',
    });
    expect(byId('export')).toMatchObject({ label: 'Export…', accelerator: 'CmdOrCtrl+E' });
    expect(byId('connect-organisation')).toMatchObject({ label: 'Connect to organisation…' });
    expect(file.at(-1)).toMatchObject({ role: 'quit', label: 'Quit', accelerator: 'Ctrl+Q' });
    for (const id of ['import-csv', 'export', 'connect-organisation', 'sync-now']) click(byId(id));
    expect(acts.sent).toEqual(['import-csv', 'export', 'connect-organisation', 'sync-now']);
  });

  it('Edit uses the standard roles (their shortcuts come with them)', () => {
    const edit = items(
      find(buildMenuTemplate({ platform: 'linux', devTools: false }, actions()), 'Edit'),
    );
    const roles = edit.map((item) => item.role).filter(Boolean);
    expect(roles).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll']);
  });

  it('View offers reload and developer tools only in development', () => {
    const roles = (devTools: boolean) =>
      items(find(buildMenuTemplate({ platform: 'linux', devTools }, actions()), 'View')).map(
        (item) => item.role,
      );
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('reload');
    expect(roles(true)).toEqual(
      expect.arrayContaining(['reload', 'toggleDevTools', 'zoomIn', 'togglefullscreen']),
    );
  });

  it('Help: shortcuts go to the renderer, the data folder and About to the main process', () => {
    const acts = actions();
    const help = items(
      find(buildMenuTemplate({ platform: 'linux', devTools: false }, acts), 'Help'),
    );
    click(help.find((item) => item.id === 'show-shortcuts'));
    click(help.find((item) => item.id === 'open-data-folder'));
    click(help.find((item) => item.id === 'about'));
    expect(acts.sent).toEqual(['show-shortcuts']);
    expect(acts.openDataFolder).toHaveBeenCalledOnce();
    expect(acts.about).toHaveBeenCalledOnce();
  });

  it('gives no two items the same shortcut', () => {
    const accelerators: string[] = [];
    const walk = (list: MenuItemConstructorOptions[]) => {
      for (const item of list) {
        if (item.accelerator) accelerators.push(String(item.accelerator));
        if (Array.isArray(item.submenu)) walk(item.submenu);
      }
    };
    walk(buildMenuTemplate({ platform: 'darwin', devTools: true }, actions()));
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });
});
