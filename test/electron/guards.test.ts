import { describe, expect, it, vi } from 'vitest';
import { shell } from '../mocks/electron';
import { openExternalSafely } from '../../src/main/electron/shell-services';
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
