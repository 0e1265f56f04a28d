/**
 * THE one hand-written fake of 'electron' (as electron/fiddle's
 * tests/mocks/electron.ts): the real module is a path to a binary that is not
 * installed here. Test files use it with
 *
 *   vi.mock('electron', () => import('../mocks/electron'));
 *
 * and drive it through the `fake` helpers. Libraries that require('electron')
 * natively (electron-log, electron-updater) get this same object through a
 * module resolve hook registered below.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

type Handler = (...args: never[]) => unknown;

export interface FakeRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class WebFrameMain {
  constructor(
    public url: string,
    public readonly parent: WebFrameMain | null = null,
  ) {}
}

export class PreventableEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

let nextContentsId = 1;

export class WebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame = new WebFrameMain('about:blank');
  readonly sent: { channel: string; args: unknown[] }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  private destroyed = false;

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  async loadURL(url: string): Promise<void> {
    this.mainFrame.url = url;
  }
  /** A page asks to navigate; true when the app let it. */
  tryNavigate(url: string): boolean {
    const event = new PreventableEvent();
    this.emit('will-navigate', event, url);
    return !event.defaultPrevented;
  }
  /** A page calls window.open. */
  tryOpenWindow(url: string): { action: 'allow' | 'deny' } {
    return this.windowOpenHandler ? this.windowOpenHandler({ url }) : { action: 'allow' };
  }
}

export class BrowserWindow extends EventEmitter {
  static readonly all: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.all.filter((w) => !w.destroyed);
  }
  readonly webContents = new WebContents();
  bounds: FakeRect;
  maximized = false;
  minimized = false;
  shown = false;
  focused = false;
  private destroyed = false;

  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    this.bounds = {
      x: Number(options['x'] ?? 0),
      y: Number(options['y'] ?? 0),
      width: Number(options['width'] ?? 800),
      height: Number(options['height'] ?? 600),
    };
    BrowserWindow.all.push(this);
    app.emit('web-contents-created', new PreventableEvent(), this.webContents);
  }
  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }
  getNormalBounds(): FakeRect {
    return { ...this.bounds };
  }
  setBounds(bounds: FakeRect): void {
    this.bounds = { ...bounds };
    this.emit('move');
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  maximize(): void {
    this.maximized = true;
  }
  restore(): void {
    this.minimized = false;
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {
    this.focused = true;
  }
  close(): void {
    this.emit('close', new PreventableEvent());
    this.destroyed = true;
    this.webContents.destroy();
    this.emit('closed');
  }
}

const madeDirs: string[] = [];
// Test files import this fake at the top, so this is a file-level hook: app.getPath's folders go with the file.
afterAll(() => {
  for (const dir of madeDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

class App extends EventEmitter {
  isPackaged = false;
  private ready = false;
  private readyWaiters: (() => void)[] = [];
  readonly paths = new Map<string, string>();
  singleInstanceLock = true;
  quitCalls = 0;
  exitCode: number | null = null;
  name = 'Fleetdesk';

  getPath(name: string): string {
    let path = this.paths.get(name);
    if (!path) {
      path = mkdtempSync(join(tmpdir(), `fake-electron-${name}-`));
      madeDirs.push(path);
      this.paths.set(name, path);
    }
    return path;
  }
  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }
  getName(): string {
    return this.name;
  }
  getVersion(): string {
    return '0.1.0';
  }
  isReady(): boolean {
    return this.ready;
  }
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((resolve) => this.readyWaiters.push(resolve));
  }
  /** Test helper: Electron finished starting. */
  becomeReady(): void {
    this.ready = true;
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.emit('ready');
  }
  requestSingleInstanceLock(): boolean {
    return this.singleInstanceLock;
  }
  quit(): void {
    this.quitCalls++;
  }
  /** What the dock/taskbar badge shows (Electron answers false where it cannot show one). */
  badgeCount = 0;
  badgeSupported = true;
  setBadgeCount(count = 0): boolean {
    if (!this.badgeSupported) return false;
    this.badgeCount = count;
    return true;
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
}

export const app = new App();

class IpcMain extends EventEmitter {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Test helper: what the renderer's ipcRenderer.invoke would get back. */
  async invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel) as ((...a: unknown[]) => unknown) | undefined;
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}
export const ipcMain = new IpcMain();

class IpcRenderer extends EventEmitter {
  readonly invocations: { channel: string; args: unknown[] }[] = [];
  reply: (channel: string, ...args: unknown[]) => unknown = () => undefined;
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return this.reply(channel, ...args);
  }
}
export const ipcRenderer = new IpcRenderer();

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    this.exposed.set(key, api);
  },
};

export const protocol = {
  privileged: [] as { scheme: string; privileges: Record<string, boolean> }[],
  handlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void {
    if (app.isReady()) throw new Error('registerSchemesAsPrivileged must be called before app is ready');
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    this.handlers.set(scheme, handler);
  },
};

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;
class Session {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  devicePermissionHandler: ((...args: unknown[]) => boolean) | null = null;
  readonly headerHooks: { filter: unknown; listener: Handler }[] = [];
  readonly webRequest = {
    onHeadersReceived: (filter: unknown, listener: Handler): void =>
      void this.headerHooks.push({ filter, listener }),
  };
  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: (...args: unknown[]) => boolean): void {
    this.devicePermissionHandler = handler;
  }
}
export const session = { defaultSession: new Session(), fromPartition: () => new Session() };

/** Reversible but visibly not the plain text, like the OS keychain's ciphertext. */
export const safeStorage = {
  backend: 'gnome_libsecret' as 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'unknown',
  available: true,
  async isAsyncEncryptionAvailable(): Promise<boolean> {
    return this.available;
  },
  getSelectedStorageBackend(): string {
    return this.backend;
  },
  async encryptStringAsync(plain: string): Promise<Buffer> {
    return Buffer.from(`fake-keychain:${Buffer.from(plain).reverse().toString('hex')}`);
  },
  async decryptStringAsync(cipher: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    const text = cipher.toString();
    if (!text.startsWith('fake-keychain:')) throw new Error('Error while decrypting the ciphertext provided');
    return { result: Buffer.from(text.slice(14), 'hex').reverse().toString(), shouldReEncrypt: false };
  },
};

export const shell = {
  opened: [] as string[],
  openedPaths: [] as string[],
  shownInFolder: [] as string[],
  async openExternal(url: string): Promise<void> {
    this.opened.push(url);
  },
  async openPath(path: string): Promise<string> {
    this.openedPaths.push(path);
    return '';
  },
  showItemInFolder(path: string): void {
    this.shownInFolder.push(path);
  },
};

export const dialog = {
  saveAnswer: { canceled: true, filePath: '' } as { canceled: boolean; filePath: string },
  saveRequests: [] as unknown[][],
  messageBoxes: [] as unknown[][],
  messageBoxResponse: 1,
  errorBoxes: [] as { title: string; content: string }[],
  async showSaveDialog(...args: unknown[]): Promise<{ canceled: boolean; filePath: string }> {
    this.saveRequests.push(args);
    return this.saveAnswer;
  },
  async showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    this.messageBoxes.push(args);
    return { response: this.messageBoxResponse, checkboxChecked: false };
  },
  showErrorBox(title: string, content: string): void {
    this.errorBoxes.push({ title, content });
  },
};

export interface FakeNotificationOptions {
  title: string;
  body: string;
  silent?: boolean;
  urgency?: 'normal' | 'critical' | 'low';
}

/** Electron's Notification: every one constructed is kept in `Notification.made`; `shown` once show() ran. */
export class Notification extends EventEmitter {
  static made: Notification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return Notification.supported;
  }
  shown = false;
  constructor(readonly options: FakeNotificationOptions) {
    super();
    Notification.made.push(this);
  }
  show(): void {
    this.shown = true;
  }
  /** Test helper: the user clicks it. */
  click(): void {
    this.emit('click');
  }
}

export const clipboard = {
  text: '',
  writeText(text: string): void {
    this.text = text;
  },
};

export const Menu = {
  current: null as { template: unknown[] } | null,
  buildFromTemplate(template: unknown[]): { template: unknown[] } {
    return { template };
  },
  setApplicationMenu(menu: { template: unknown[] } | null): void {
    this.current = menu;
  },
};

const primaryDisplay = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
};
export const screen = {
  displays: [primaryDisplay] as (typeof primaryDisplay)[],
  getAllDisplays() {
    return this.displays;
  },
  getPrimaryDisplay() {
    return this.displays[0] ?? primaryDisplay;
  },
  getDisplayMatching(rect: FakeRect) {
    const cx = rect.x + rect.width / 2;
    const cy = rect.y + rect.height / 2;
    const inside = this.displays.find(
      (d) =>
        cx >= d.bounds.x &&
        cx < d.bounds.x + d.bounds.width &&
        cy >= d.bounds.y &&
        cy < d.bounds.y + d.bounds.height,
    );
    return inside ?? this.getPrimaryDisplay();
  },
};

export const webContents = {
  getAllWebContents: (): WebContents[] => BrowserWindow.getAllWindows().map((w) => w.webContents),
};
export const autoUpdater = new EventEmitter();
export const nativeTheme = { shouldUseDarkColors: false, themeSource: 'system' };
export const net = {};

const electron = {
  app,
  autoUpdater,
  BrowserWindow,
  clipboard,
  contextBridge,
  dialog,
  ipcMain,
  ipcRenderer,
  Menu,
  nativeTheme,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  webContents,
};
export default electron;

// Native require('electron') from node_modules lands on this instance (see electron-native.cjs).
const globals = globalThis as typeof globalThis & Record<symbol, unknown>;
globals[Symbol.for('fleetdesk.fakeElectron')] = electron;
const hooked = Symbol.for('fleetdesk.fakeElectronHooked');
if (!globals[hooked]) {
  globals[hooked] = true;
  const shim = new URL('./electron-native.cjs', import.meta.url).href;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'electron' || /[\\/]node_modules[\\/]electron[\\/]index\.js$/.test(specifier))
        return { url: shim, format: 'commonjs', shortCircuit: true };
      return nextResolve(specifier, context);
    },
  });
}
