import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { IPC_INVOKE_CHANNEL, IPC_PUSH_CHANNEL } from '../../shared/ipc/contract';
import { badSender, type IpcRouter } from '../ipc/ipc-router';
import type { PushChannel, PushTarget } from '../ipc/push-channel';

/**
 * One of the two files allowed to touch ipcMain (eslint.config.js), as in
 * Heroic. Like VS Code's ipcMain wrapper, every message's sender is checked
 * before anything else: it must be our window's main frame, showing a page of
 * our own origin — never a subframe, never a page navigated elsewhere.
 */
export interface ElectronIpc {
  /** Pushes go to this window; it queues again whenever it reloads. */
  attach(contents: RendererContents): void;
}

/** The part of a window's WebContents the wrapper uses. */
export interface RendererContents {
  readonly id: number;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  on(event: 'did-navigate' | 'render-process-gone', listener: () => void): unknown;
  once(event: 'destroyed', listener: () => void): unknown;
}

export function setupIpc(
  router: IpcRouter,
  pushes: PushChannel,
  isOwnUrl: (url: string) => boolean,
): ElectronIpc {
  let current: { contents: RendererContents; target: PushTarget } | null = null;
  // Told when the call is answered: the window's target then, as a reload may have replaced it meanwhile.
  const pushesNow = {
    ready: () => current?.target.ready(),
    liveTaken: () => current?.target.liveTaken(),
  };

  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, method: unknown, args: unknown) => {
    const problem = senderProblem(event, current?.contents ?? null, isOwnUrl);
    if (problem) return badSender(problem);
    return router.dispatch(method, args, pushesNow);
  });

  return {
    attach(contents) {
      current?.target.detach();
      const target = pushes.attach(({ event, payload }) => {
        if (!contents.isDestroyed()) contents.send(IPC_PUSH_CHANNEL, event, payload);
      });
      current = { contents, target };
      contents.on('did-navigate', () => target.reset());
      contents.on('render-process-gone', () => target.reset());
      contents.once('destroyed', () => {
        target.detach();
        if (current?.contents === contents) current = null;
      });
    },
  };
}

export function senderProblem(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  ours: RendererContents | null,
  isOwnUrl: (url: string) => boolean,
): string | null {
  const frame = event.senderFrame;
  if (!frame) return 'the sending frame is gone';
  if (ours === null || event.sender.id !== ours.id) return 'not sent by the app window';
  // As VS Code's validatedIpcMain: the main frame is the one without a parent.
  if (frame.parent !== null) return 'sent from a subframe';
  if (!isOwnUrl(frame.url)) return 'sent from a page that is not the app';
  return null;
}
