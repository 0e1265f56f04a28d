import { describe, expect, it } from 'vitest';
import { createIpcRouter } from '../../src/main/ipc/ipc-router';
import { createHarness } from './app-core.harness';

const T0 = Date.parse('2026-11-18T08:30:00Z');

// The core as the shells build it (never started: no service is needed to log the page's errors).
describe("the core's renderer errors", () => {
  it("writes them to the shell's log as errors, tells the operator once, and sums up when it stops", async () => {
    const errors: string[] = [];
    const warnings: string[] = [];
    let clock = T0;
    const h = createHarness({
      startDemo: async () => {
        throw new Error('not started in this test');
      },
      shellKind: 'browser',
      now: () => clock,
      log: { warn: (m) => void warnings.push(m), error: (m) => void errors.push(m) },
    });
    try {
      const router = createIpcRouter(h.core.handlers);
      const replies = [];
      for (let i = 0; i < 23; i++) {
        replies.push(await router.dispatch('app.reportError', { kind: 'error', message: `loop ${i}` }));
        clock += 100;
      }
      expect(replies.every((r) => r.ok)).toBe(true);
      expect(errors).toHaveLength(20);
      expect(errors[0]).toBe('Renderer error (error): loop 0');
      expect(warnings.filter((w) => w.includes('Renderer'))).toEqual([]);
      expect(h.pushesOf('notice').map((p) => p.payload)).toEqual([
        {
          id: `renderer:error:${T0}`,
          kind: 'error',
          message: expect.stringContaining('the browser shell’s log'),
          at: T0,
        },
      ]);
      expect(await h.call('notices.list')).toHaveLength(1);

      await h.core.stop();
      expect(errors.at(-1)).toBe(
        'Renderer errors: 3 more in the minute from 2026-11-18T08:30:00.000Z were not logged (at most 20 a minute are).',
      );
      // Quitting: what the page still sends is no news, even in a minute with room for it.
      clock += 120_000;
      await router.dispatch('app.reportError', { kind: 'error', message: 'while quitting' });
      expect(errors).toHaveLength(21);
    } finally {
      await h.stop();
    }
  });

  it('gives a log without error() the lines as warnings', async () => {
    const warnings: string[] = [];
    const h = createHarness({
      startDemo: async () => {
        throw new Error('not started in this test');
      },
      log: { warn: (m) => void warnings.push(m) },
    });
    try {
      await h.call('app.reportError', { kind: 'vue', message: 'Error: x', where: 'setup function in <App>' });
      expect(warnings).toContain('Renderer error (vue) at setup function in <App>: Error: x');
      expect(h.pushesOf('notice')[0]?.payload.message).toContain('the log (Help → Open logs folder)');
    } finally {
      await h.stop();
    }
  });
});
