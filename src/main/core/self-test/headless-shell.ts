import { join } from 'node:path';
import type { ShellServices } from '../ipc-handlers';

/**
 * The shell of a run with nobody at the screen: Save answers with a file in
 * `saveDir` (as if the user had chosen it), and nothing is opened, revealed,
 * copied, notified or badged — those would reach the user's desktop.
 */
export function headlessShell(saveDir: string): ShellServices {
  const refuse = async (): Promise<void> => {
    throw new Error('Nothing is opened on the desktop during a self-test.');
  };
  return {
    chooseSavePath: async (filename) => join(saveDir, filename),
    openPath: refuse,
    showInFolder: refuse,
    openExternal: refuse,
    copyText: refuse,
    notify: () => undefined,
    setBadgeCount: () => undefined,
  };
}
