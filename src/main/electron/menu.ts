import { Menu, shell, type MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  readonly logsDir: string;
  readonly productName: string;
  /** app.isPackaged: what users run, as opposed to `npm start` or an unpacked out/. */
  readonly isPackaged: boolean;
  readonly isMac?: boolean;
}

/** The usual roles per platform, plus Help → Open logs folder. */
export function setupMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
}

/**
 * Electron's View menu role carries Reload, Force Reload and Toggle Developer
 * Tools with their accelerators (Ctrl+R, Ctrl+Shift+I). In a packaged build
 * those only help someone at the operator's keyboard inspect the renderer or
 * throw away its state, so users get a View menu of zoom and full screen
 * alone; the whole role is for development.
 */
function viewMenu(isPackaged: boolean): MenuItemConstructorOptions {
  if (!isPackaged) return { role: 'viewMenu' };
  return {
    label: 'View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.isMac ?? process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) template.push({ label: options.productName, role: 'appMenu' });
  template.push(
    { role: 'fileMenu' },
    { role: 'editMenu' },
    viewMenu(options.isPackaged),
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: 'Open logs folder',
          click: () => void shell.openPath(options.logsDir),
        },
      ],
    },
  );
  return template;
}
