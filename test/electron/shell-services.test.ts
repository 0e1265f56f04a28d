import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, Notification } from '../mocks/electron';
import { createElectronShellServices } from '../../src/main/electron/shell-services';

vi.mock('electron', () => import('../mocks/electron'));

describe('the operator’s attention through Electron', () => {
  let win: BrowserWindow;
  const services = () =>
    createElectronShellServices(
      () => win as unknown as Electron.BrowserWindow,
      () => [],
    );
  beforeEach(() => {
    Notification.made = [];
    Notification.supported = true;
    app.badgeSupported = true;
    win = new BrowserWindow({});
  });

  it('shows a critical alarm as a silent, critical desktop notification that brings the window back', () => {
    services().notify({
      title: 'Critical alarm: Truck 7',
      body: 'Cargo at 9.4 °C, above 7 °C',
      severity: 'critical',
    });
    expect(Notification.made).toHaveLength(1);
    const n = Notification.made[0]!;
    expect(n.shown).toBe(true);
    // The renderer plays the severity's sound as the Settings say: the OS must not add its own.
    expect(n.options).toEqual({
      title: 'Critical alarm: Truck 7',
      body: 'Cargo at 9.4 °C, above 7 °C',
      silent: true,
      urgency: 'critical',
    });
    win.minimized = true;
    n.click();
    expect(win.minimized).toBe(false);
    expect(win.focused).toBe(true);
  });

  it('shows nothing where the system has no notifications, and does not fail', () => {
    Notification.supported = false;
    services().notify({ title: 'Critical alarm', body: 'x', severity: 'critical' });
    expect(Notification.made).toEqual([]);
  });

  it('puts the unacknowledged count on the dock or taskbar badge, and clears it at 0', () => {
    const s = services();
    s.setBadgeCount(12);
    expect(app.badgeCount).toBe(12);
    s.setBadgeCount(0);
    expect(app.badgeCount).toBe(0);
    app.badgeSupported = false;
    expect(() => s.setBadgeCount(3)).not.toThrow();
  });
});
