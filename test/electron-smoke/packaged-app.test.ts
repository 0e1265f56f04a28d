import { describe, expect, it } from 'vitest';
import { runSelfTestSwitch } from './support/launch';
import { packagedTarget, targetOrSkipReason } from './support/smoke-targets';
import { describeElectronSmoke } from './support/smoke-suite';
import type { SelfTestSummary } from '../../src/main/core/self-test/self-test';

// The app as electron-builder packs it for users: app.asar, better-sqlite3 unpacked beside it, fuses flipped.
const found = packagedTarget();
const { target } = targetOrSkipReason(found);

describe.skipIf(target === null)('Fleetdesk --self-test, packaged', () => {
  it('runs the core checks headless from inside app.asar, prints one JSON summary, and exits 0', async () => {
    const { code, stdout } = await runSelfTestSwitch(target!);
    const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as SelfTestSummary;
    expect(summary.checks.filter((c) => !c.ok)).toEqual([]);
    expect(summary.checks.map((c) => c.name)).toEqual([
      'keychain',
      'start',
      'demo-service',
      'report',
      'cache',
    ]);
    expect(code).toBe(0);
  }, 300_000);
});

describeElectronSmoke('packaged', found);
