import { contextBridge, ipcRenderer } from 'electron';
import { IPC_INVOKE_CHANNEL, IPC_PUSH_CHANNEL } from '../shared/ipc/channels';
import type { FleetdeskBridge, IpcEvent, IpcEvents, IpcReply, IpcResultValue } from '../shared/ipc/contract';

/**
 * The Electron preload (sandboxed: bundled into one CommonJS file that only
 * requires 'electron'). One of the two files allowed to touch ipcRenderer
 * (eslint.config.js). It exposes two functions and never ipcRenderer itself,
 * so the page cannot send on arbitrary channels. Main validates everything
 * that comes through.
 */
type Listener = (payload: never) => void;
const listeners = new Map<IpcEvent, Set<Listener>>();

ipcRenderer.on(IPC_PUSH_CHANNEL, (_event, name: unknown, payload: unknown) => {
  const set = typeof name === 'string' ? listeners.get(name as IpcEvent) : undefined;
  for (const listener of set ?? []) {
    try {
      (listener as (p: unknown) => void)(payload);
    } catch (err) {
      console.error(`fleetdesk: a ${String(name)} listener threw`, err);
    }
  }
});

const bridge: FleetdeskBridge = {
  // The app scheme's origin (main/electron/app-protocol.ts): in dev the page is Vite's, the tiles still main's.
  tileOrigin: 'app://fleetdesk',
  invoke: (method, args) =>
    ipcRenderer.invoke(IPC_INVOKE_CHANNEL, method, args) as Promise<IpcReply<IpcResultValue<typeof method>>>,
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void) {
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    set.add(listener);
    return () => void set.delete(listener);
  },
};

contextBridge.exposeInMainWorld('fleetdesk', bridge);
