import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupUpdater, type UpdateSource } from '../../src/main/electron/updater';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const HOUR = 3_600_000;

function fakeSource() {
  const state = { checks: 0, installs: 0, downloaded: null as ((version: string) => void) | null };
  const source: UpdateSource = {
    check: async () => void state.checks++,
    onDownloaded: (listener) => void (state.downloaded = listener),
    installNow: () => void state.installs++,
  };
  return { source, state };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('automatic updates', () => {
  it('check at start and every 4 hours', () => {
    const { source, state } = fakeSource();
    const updater = setupUpdater({ source, enabled: true, offerRestart: async () => false, log });
    expect(state.checks).toBe(1);
    vi.advanceTimersByTime(4 * HOUR);
    expect(state.checks).toBe(2);
    vi.advanceTimersByTime(8 * HOUR);
    expect(state.checks).toBe(4);
    updater.stop();
  });

  it('offer "Restart to update" once a download is ready, and restart only if the user says so', async () => {
    const { source, state } = fakeSource();
    const answers = [false, true];
    const offered: string[] = [];
    setupUpdater({
      source,
      enabled: true,
      offerRestart: async (version) => {
        offered.push(version);
        return answers.shift() ?? false;
      },
      log,
    });
    state.downloaded!('1.2.0');
    await vi.waitFor(() => expect(offered).toEqual(['1.2.0']));
    expect(state.installs).toBe(0);
    state.downloaded!('1.2.0');
    expect(offered).toEqual(['1.2.0']);
    state.downloaded!('1.3.0');
    await vi.waitFor(() => expect(state.installs).toBe(1));
  });

  it('stay off when Settings.autoUpdate is false, and follow the setting when it changes', () => {
    const { source, state } = fakeSource();
    const updater = setupUpdater({ source, enabled: false, offerRestart: async () => true, log });
    vi.advanceTimersByTime(24 * HOUR);
    expect(state.checks).toBe(0);
    updater.setEnabled(true);
    expect(state.checks).toBe(1);
    updater.setEnabled(false);
    vi.advanceTimersByTime(24 * HOUR);
    expect(state.checks).toBe(1);
  });
});
