import { afterAll, describe, expect, it, vi } from 'vitest';
import { app } from '../mocks/electron';
import { isSelfTestRun, runElectronSelfTest } from '../../src/main/electron/self-test';
import type { SelfTestSummary } from '../../src/main/core/self-test/self-test';

vi.mock('electron', () => import('../mocks/electron'));

afterAll(() => {
  vi.restoreAllMocks();
});

describe('Fleetdesk --self-test', () => {
  it('is recognised among the arguments Electron passes, and only when given', () => {
    expect(isSelfTestRun(['/opt/Fleetdesk/fleetdesk', '--self-test'])).toBe(true);
    expect(isSelfTestRun(['/opt/Fleetdesk/fleetdesk', '--no-sandbox'])).toBe(false);
  });

  it('runs the checks in a profile of its own with safeStorage, prints one JSON summary and exits 0', async () => {
    const userDataBefore = app.getPath('userData');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const done = runElectronSelfTest();
    // A profile of its own, set before Electron is ready, as app.setPath('userData') requires.
    const profile = app.getPath('userData');
    expect(profile).not.toBe(userDataBefore);
    expect(profile).toMatch(/fleetdesk-self-test-/);
    app.becomeReady();
    await done;
    vi.mocked(process.stdout.write).mockRestore();

    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const summary = JSON.parse(lines[0]!) as SelfTestSummary;
    expect(summary.checks.map((c) => `${c.name}:${c.ok}`)).toEqual([
      'keychain:true',
      'start:true',
      'demo-service:true',
      'report:true',
      'cache:true',
    ]);
    expect(summary.checks[0]!.detail).toMatch(/system keychain/);
    expect(summary.version).toBe(app.getVersion());
    expect(app.exitCode).toBe(0);
  }, 180_000);
});
