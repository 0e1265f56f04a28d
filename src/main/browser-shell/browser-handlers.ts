import type { IpcHandlers } from '../core/ipc-handlers';

/**
 * The core's handlers as a browser tab should see them. In this shell the
 * Save dialog is a browser download (browser-shell-services.ts): the path the
 * core copied the report to is a folder on the host that the user never chose
 * and cannot open, so the answer names no path. The contract reads
 * `{ saved: true, path: null }` as "the browser downloaded it".
 */
export function browserHandlers(core: IpcHandlers): IpcHandlers {
  return {
    ...core,
    'reports.save': async (args) => {
      const { saved } = await core['reports.save'](args);
      return { saved, path: null };
    },
  };
}
