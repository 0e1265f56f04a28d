import { Menu, shell, type MenuItemConstructorOptions } from 'electron';

/** The usual roles per platform, plus Help → Open logs folder (issue 7 §4). */
export function setupMenu(options: { logsDir: string; productName: string; isMac?: boolean }): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
}

export function menuTemplate(options: {
  logsDir: string;
  productName: string;
  isMac?: boolean;
}): MenuItemConstructorOptions[] {
  const isMac = options.isMac ?? process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) template.push({ label: options.productName, role: 'appMenu' });
  template.push(
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu' },
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
