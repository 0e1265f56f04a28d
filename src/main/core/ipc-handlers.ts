import type { AlarmSeverity } from '../../shared/interface';
import type {
  IpcEvent,
  IpcEvents,
  IpcMethod,
  IpcParsedArgs,
  IpcResultValue,
} from '../../shared/ipc/contract';

/**
 * What the core offers every shell (Electron, browser): one plain async
 * function per contract method, given arguments already parsed with the
 * contract's zod schema. The shells' one wrapper checks the sender, parses,
 * calls the handler and turns its outcome into an IpcReply.
 */
export type IpcHandlers = {
  readonly [M in IpcMethod]: (args: IpcParsedArgs<M>) => Promise<IpcResultValue<M>>;
};

/** One domain's share of the handlers, kept with the domain: the methods named `<domain>.…`. */
export type DomainHandlers<D extends string> = Pick<IpcHandlers, Extract<IpcMethod, `${D}.${string}`>>;

/** How the core pushes events to the renderer; the shell queues them until `app.ready`. */
export type PushSink = <E extends IpcEvent>(event: E, payload: IpcEvents[E]) => void;

/** A desktop notification the core decided to raise (docs/architecture.md "Alarms"). */
export interface ShellNotification {
  readonly title: string;
  readonly body: string;
  readonly severity: AlarmSeverity;
}

/**
 * Native things the core asks its shell for (a Save dialog, opening a file,
 * the operator's attention). Electron implements them with dialog/shell/
 * Notification; the browser shell with a browser download and no-ops (its page
 * raises Web Notifications itself).
 */
export interface ShellServices {
  /** Asks where to save `filename`; null when the user cancels. */
  chooseSavePath(filename: string, contentType: string): Promise<string | null>;
  openPath(path: string): Promise<void>;
  showInFolder(path: string): Promise<void>;
  openExternal(url: string): Promise<void>;
  copyText(text: string): Promise<void>;
  /**
   * The native file dialog for a photo (JPEG, PNG, WebP): its path, or null
   * when cancelled. Absent where the shell has none (the browser shell's page
   * picks the file itself and sends its bytes through photos.upload).
   */
  chooseImageFile?(): Promise<string | null>;
  /** The native file dialog for an MBTiles file; absent as chooseImageFile is (tiles.baseLayerImport). */
  chooseMbtilesFile?(): Promise<string | null>;
  /** Silent: the renderer plays the alarm's sound, as the Settings say. */
  notify(notification: ShellNotification): void;
  /** The dock/taskbar badge: the inbox's unacknowledged count (0 clears it). */
  setBadgeCount(count: number): void;
}
