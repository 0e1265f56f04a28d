import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, PreventableEvent, session, shell } from '../mocks/electron';
import { openExternalSafely } from '../../src/main/electron/shell-services';
import { denyAllPermissions, setupWebGuards } from '../../src/main/electron/web-guards';
import { clampOntoDisplays, defaultBounds, type DisplayArea } from '../../src/main/electron/window-bounds';

vi.mock('electron', () => import('../mocks/electron'));

describe('opening links outside the app', () => {
  it('opens https, and the signed-in service’s own http pages', async () => {
    await openExternalSafely('https://www.openstreetmap.org/copyright', []);
    await openExternalSafely('http://127.0.0.1:4100/tracking/abc', ['http://127.0.0.1:4100']);
    expect(shell.opened).toEqual([
      'https://www.openstreetmap.org/copyright',
      'http://127.0.0.1:4100/tracking/abc',
    ]);
  });

  it('refuses http elsewhere, file:, javascript:, custom schemes and credentials (core policy)', async () => {
    const refused = [
      'http://tracker.example/abc',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://share/x',
      'https://user:pass@example.com/',
      'not a url',
    ];
    for (const url of refused)
      await expect(openExternalSafely(url, ['http://127.0.0.1:4100'])).rejects.toThrow(/not opened/);
    expect(shell.opened).not.toContain('file:///etc/passwd');
  });
});

describe('what the app’s web contents may do', () => {
  const OWN = 'app://fleetdesk/';
  const warnings: string[] = [];
  const openExternal = vi.fn((_url: string) => Promise.resolve());

  beforeAll(() => {
    setupWebGuards({
      isOwnUrl: (url) => url.startsWith(OWN),
      openExternal: (url) => openExternal(url),
      serviceOrigins: () => ['http://127.0.0.1:4100'],
      log: { warn: (message) => void warnings.push(message) },
    });
  });
  beforeEach(() => {
    warnings.length = 0;
    openExternal.mockReset();
    openExternal.mockImplementation(() => Promise.resolve());
  });

  /** Every web contents created after setup is guarded: a window's, and any other (a devtools, a webview host). */
  const contents = () => new BrowserWindow({}).webContents;

  it('stays on the app’s own pages and says which navigation it refused', () => {
    const page = contents();
    expect(page.tryNavigate(`${OWN}index.html#/history`)).toBe(true);
    expect(page.tryNavigate('https://evil.example/login')).toBe(false);
    expect(page.tryNavigate('file:///etc/passwd')).toBe(false);
    expect(warnings).toEqual([
      'Navigation to https://evil.example/login refused.',
      'Navigation to file:///etc/passwd refused.',
    ]);
  });

  it('refuses a redirect away from the app as it refuses a navigation', () => {
    const page = contents();
    const away = new PreventableEvent();
    page.emit('will-redirect', away, 'https://evil.example/');
    const home = new PreventableEvent();
    page.emit('will-redirect', home, `${OWN}index.html`);
    expect([away.defaultPrevented, home.defaultPrevented]).toEqual([true, false]);
  });

  it('never attaches a <webview>', () => {
    const event = new PreventableEvent();
    contents().emit('will-attach-webview', event, {}, { src: `${OWN}index.html` });
    expect(event.defaultPrevented).toBe(true);
  });

  it('opens no window: https goes to the system browser, anything else is refused and logged', () => {
    const page = contents();
    for (const url of [
      'https://www.openstreetmap.org/copyright',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ])
      expect(page.tryOpenWindow(url), url).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://www.openstreetmap.org/copyright']]);
    expect(warnings).toEqual([
      'window.open of file:///etc/passwd refused.',
      'window.open of javascript:alert(1) refused.',
    ]);
  });

  it('logs a system browser that would not open, and goes on', async () => {
    openExternal.mockImplementation(() => Promise.reject(new Error('no browser configured')));
    expect(contents().tryOpenWindow('https://example.com/')).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(warnings).toEqual(['openExternal failed: Error: no browser configured']));
  });

  it('cuts a very long refused address short in the log', () => {
    contents().tryNavigate(`https://evil.example/${'a'.repeat(5000)}`);
    expect(warnings[0]!.length).toBeLessThan(250);
  });

  it('denies every permission request, check and device access of the session', () => {
    denyAllPermissions();
    const target = session.defaultSession;
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'hid'])
      target.permissionRequestHandler!(contents(), permission, (granted) => answers.push(granted));
    expect(answers).toEqual([false, false, false, false, false]);
    expect(target.permissionCheckHandler!()).toBe(false);
    expect(target.devicePermissionHandler!()).toBe(false);
  });
});

describe('window placement', () => {
  const laptop: DisplayArea = {
    id: 1,
    bounds: { x: 0, y: 0, width: 1440, height: 900 },
    workArea: { x: 0, y: 25, width: 1440, height: 875 },
  };
  const monitor: DisplayArea = {
    id: 2,
    bounds: { x: 1440, y: 0, width: 2560, height: 1440 },
    workArea: { x: 1440, y: 0, width: 2560, height: 1400 },
  };

  it('keeps a remembered place that is still on a screen', () => {
    const onMonitor = { x: 1600, y: 100, width: 1800, height: 1100 };
    expect(clampOntoDisplays(onMonitor, [laptop, monitor], laptop)).toEqual(onMonitor);
  });

  it('brings a window back from a monitor that was unplugged, shrunk to fit', () => {
    const onMonitor = { x: 1600, y: 100, width: 1800, height: 1100 };
    const placed = clampOntoDisplays(onMonitor, [laptop], laptop);
    expect(placed.width).toBeLessThanOrEqual(1440);
    expect(placed.height).toBeLessThanOrEqual(875);
    expect(placed.x).toBeGreaterThanOrEqual(0);
    expect(placed.x + placed.width).toBeLessThanOrEqual(1440);
    expect(placed.y).toBeGreaterThanOrEqual(25);
  });

  it('never leaves the title bar above the screen', () => {
    expect(
      clampOntoDisplays({ x: 200, y: -300, width: 1000, height: 700 }, [laptop], laptop).y,
    ).toBeGreaterThanOrEqual(25);
  });

  it('opens centred on the primary display the first time', () => {
    const b = defaultBounds(laptop);
    expect(b.x + b.width / 2).toBeCloseTo(720, 0);
    expect(b.width).toBeGreaterThanOrEqual(900);
  });
});
