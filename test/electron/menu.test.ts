import { describe, expect, it, vi } from 'vitest';
import { Menu, shell } from '../mocks/electron';
import { setupMenu } from '../../src/main/electron/menu';

vi.mock('electron', () => import('../mocks/electron'));

interface Item {
  role?: string;
  label?: string;
  submenu?: Item[];
  click?: () => void;
}

/** Every item of the application menu, submenus included, as the role or label it shows. */
function entries(items: readonly Item[]): string[] {
  return items.flatMap((i) => [i.role ?? `label:${i.label ?? ''}`, ...entries(i.submenu ?? [])]);
}

function installedMenu(isPackaged: boolean, isMac: boolean): Item[] {
  setupMenu({ logsDir: '/var/log/fleetdesk', productName: 'Fleetdesk', isPackaged, isMac });
  return Menu.current!.template as Item[];
}

/** What Electron's viewMenu role expands to that lets a user at the keyboard reach the renderer's insides. */
const DEVELOPER_ROLES = ['viewMenu', 'reload', 'forceReload', 'toggleDevTools'];

describe('the application menu', () => {
  for (const isMac of [false, true]) {
    const platform = isMac ? 'macOS' : 'Windows and Linux';

    it(`of a packaged build on ${platform} has no reload and no developer tools, and keeps zoom and full screen`, () => {
      const all = entries(installedMenu(true, isMac));
      for (const role of DEVELOPER_ROLES) expect(all).not.toContain(role);
      expect(all).toEqual(
        expect.arrayContaining([
          'fileMenu',
          'editMenu',
          'label:View',
          'resetZoom',
          'zoomIn',
          'zoomOut',
          'togglefullscreen',
          'windowMenu',
          'help',
        ]),
      );
      expect(all.includes('appMenu')).toBe(isMac);
    });

    it(`in development on ${platform} has the whole View menu, reload and developer tools included`, () => {
      const menu = installedMenu(false, isMac);
      expect(menu.map((m) => m.role ?? m.label)).toEqual([
        ...(isMac ? ['appMenu'] : []),
        'fileMenu',
        'editMenu',
        'viewMenu',
        'windowMenu',
        'help',
      ]);
    });
  }

  it('opens the logs folder from Help in both kinds of build', () => {
    for (const isPackaged of [true, false]) {
      const help = installedMenu(isPackaged, false).find((m) => m.role === 'help')!;
      help.submenu!.find((i) => i.label === 'Open logs folder')!.click!();
      expect(shell.openedPaths.at(-1)).toBe('/var/log/fleetdesk');
    }
  });
});
