import { beforeEach, describe, expect, it } from 'vitest';
import { appHandlers } from '../../../src/main/core/app/app-handlers';
import {
  createRendererErrors,
  RENDERER_ERRORS_PER_MINUTE,
  type RendererErrors,
} from '../../../src/main/core/app/renderer-errors';
import { createIpcRouter, type IpcRouter } from '../../../src/main/ipc/ipc-router';
import type { IpcReply } from '../../../src/shared/ipc/contract';
import type { Notice } from '../../../src/shared/ipc/views';
import { fakeHandlers, type RecordedCall } from '../../electron/fake-handlers';

const T0 = Date.parse('2026-11-18T08:30:00Z');

let clock: number;
let lines: string[];
let notices: Notice[];
let calls: RecordedCall[];
let errors: RendererErrors;
let router: IpcRouter;

/** The one wrapper both shells put in front of the core (parse with the contract, then the handler). */
const report = (args: unknown): Promise<IpcReply<unknown>> => router.dispatch('app.reportError', args);

beforeEach(() => {
  clock = T0;
  lines = [];
  notices = [];
  calls = [];
  errors = createRendererErrors({
    log: { error: (m) => void lines.push(m) },
    now: () => clock,
    notify: (n) => void notices.push(n),
    logsHint: 'the log (Help → Open logs folder)',
  });
  router = createIpcRouter({
    ...fakeHandlers(calls),
    ...appHandlers({
      info: { version: '1.0.0', platform: 'linux', shell: 'electron' },
      shell: { copyText: async () => undefined, openExternal: async () => undefined },
      serviceOrigins: () => [],
      rendererErrors: errors,
    }),
  });
});

describe('app.reportError', () => {
  it('refuses what the contract does not allow, and logs nothing of it', async () => {
    const refused: unknown[] = [
      { kind: 'error', message: 'x'.repeat(1024 * 1024) },
      { kind: 'error', message: 'ok', stack: 's'.repeat(16_001) },
      { kind: 'error', message: 'ok', where: 'w'.repeat(501) },
      { kind: 'console', message: 'not a kind of ours' },
      { kind: 'error' },
      { kind: 'vue', message: 42 },
      42,
      'TypeError: x is undefined',
      null,
    ];
    for (const args of refused)
      expect(await report(args), JSON.stringify(args).slice(0, 80)).toMatchObject({
        ok: false,
        error: { code: 'bad_args' },
      });
    expect(await report({ kind: 'console', message: 'm' })).toMatchObject({
      error: { details: { kind: [expect.any(String)] } },
    });
    expect(lines).toEqual([]);
    expect(notices).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('takes texts right at their limits', async () => {
    expect(
      await report({
        kind: 'error',
        message: 'm'.repeat(2_000),
        stack: 's'.repeat(16_000),
        where: 'w'.repeat(500),
      }),
    ).toEqual({ ok: true, value: null });
    expect(lines).toHaveLength(1);
  });

  it('logs each error as one entry: a one-line head, the stack indented under it', async () => {
    expect(
      await report({
        kind: 'vue',
        message: 'TypeError: Cannot read properties of undefined (reading "name")',
        stack: [
          'TypeError: Cannot read properties of undefined (reading "name")',
          '    at AssetPanel.vue:41:12',
          '    at renderComponentRoot (vue.js:100:3)',
        ].join('\n'),
        where: 'render function in <AssetPanel>',
      }),
    ).toEqual({ ok: true, value: null });
    expect(lines).toEqual([
      [
        'Renderer error (vue) at render function in <AssetPanel>: TypeError: Cannot read properties of undefined (reading "name")',
        '    at AssetPanel.vue:41:12',
        '    at renderComponentRoot (vue.js:100:3)',
      ].join('\n'),
    ]);

    await report({ kind: 'unhandledrejection', message: '{"reason":1}' });
    expect(lines[1]).toBe('Renderer error (unhandledrejection): {"reason":1}');
  });

  it("never lets the page's text start a log entry of its own", async () => {
    await report({
      kind: 'error',
      message: 'boom\n[2026-11-18 08:30:00.000] [info] Signed out\r\u2028',
      stack: 'Error: x\n[2026-11-18 08:30:00.000] [info] forged\n\n\tat f (a.js:1:1)\u0007',
      where: 'app.js:1:1\nsecond line',
    });
    const [entry] = lines;
    const [head, ...rest] = entry!.split('\n');
    expect(head).toBe(
      'Renderer error (error) at app.js:1:1 second line: boom [2026-11-18 08:30:00.000] [info] Signed out  ',
    );
    // Every further line is indented: none of them reads as an entry of the log.
    expect(rest).toEqual([
      '    Error: x',
      '    [2026-11-18 08:30:00.000] [info] forged',
      '    at f (a.js:1:1) ',
    ]);
  });

  it('tells the operator once, with where the details are', async () => {
    await report({ kind: 'error', message: 'one' });
    clock += 1_000;
    await report({ kind: 'error', message: 'two' });
    clock += 2 * 60_000;
    await report({ kind: 'vue', message: 'three' });
    expect(lines).toHaveLength(3);
    expect(notices).toEqual([
      {
        id: `renderer:error:${T0}`,
        kind: 'error',
        message: expect.stringContaining('the log (Help → Open logs folder)'),
        at: T0,
      },
    ]);
  });

  it('logs at most 20 a minute, then says how many it left out', async () => {
    for (let i = 0; i < 35; i++) {
      await report({ kind: 'error', message: `loop ${i}` });
      clock += 1_000;
    }
    // 0–59 s: the first 20 written, 40 s later the 35th is still inside that minute.
    expect(lines).toHaveLength(RENDERER_ERRORS_PER_MINUTE);
    expect(lines.at(-1)).toBe('Renderer error (error): loop 19');

    clock = T0 + 60_000;
    await report({ kind: 'error', message: 'after the minute' });
    expect(lines.slice(RENDERER_ERRORS_PER_MINUTE)).toEqual([
      'Renderer errors: 15 more in the minute from 2026-11-18T08:30:00.000Z were not logged (at most 20 a minute are).',
      'Renderer error (error): after the minute',
    ]);
    // The summary is written once; a quiet stop has nothing more to say.
    errors.flush();
    expect(lines).toHaveLength(RENDERER_ERRORS_PER_MINUTE + 2);
  });

  it('says what it left out when the core stops in the middle of a minute', async () => {
    for (let i = 0; i < 22; i++) await report({ kind: 'unhandledrejection', message: `r${i}` });
    expect(lines).toHaveLength(20);
    errors.flush();
    expect(lines.at(-1)).toBe(
      'Renderer errors: 2 more in the minute from 2026-11-18T08:30:00.000Z were not logged (at most 20 a minute are).',
    );
  });

  it('starts a minute afresh when the clock is set back', async () => {
    for (let i = 0; i < 21; i++) await report({ kind: 'error', message: `e${i}` });
    expect(lines).toHaveLength(20);
    clock = T0 - 3_600_000;
    await report({ kind: 'error', message: 'after the clock went back' });
    expect(lines.slice(20)).toEqual([
      expect.stringMatching(/^Renderer errors: 1 more in the minute from 2026-11-18T08:30:00.000Z/),
      'Renderer error (error): after the clock went back',
    ]);
  });
});
