import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createApp, defineComponent, h, ref, watch, type App } from 'vue';
import { setBridge } from '../../../src/renderer/src/api';
import {
  cut,
  installErrorReporting,
  REPEAT_MS,
  REPORTS_PER_MINUTE,
  type ErrorReport,
  type ErrorReportingOptions,
} from '../../../src/renderer/src/layout/error-reporting';
import { REPORTED_ERROR_LIMITS } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';

const T0 = Date.parse('2026-11-18T08:30:00Z');

let clock: number;
let sent: ErrorReport[];
let app: App;
let uninstall: () => void;
let consoleError: MockInstance<typeof console.error>;

const install = (options: ErrorReportingOptions = {}): void => {
  uninstall = installErrorReporting(app, {
    now: () => clock,
    send: async (r) => void sent.push(r),
    ...options,
  });
};

/** What the browser dispatches for an uncaught exception in a script. */
const uncaught = (
  error: unknown,
  message = 'Uncaught',
  filename = 'http://127.0.0.1/assets/index.js',
): void =>
  void window.dispatchEvent(new ErrorEvent('error', { error, message, filename, lineno: 12, colno: 5 }));

/** happy-dom has no PromiseRejectionEvent: an Event carrying `reason` is what the listener reads. */
const rejected = (reason: unknown): void => {
  const event = new Event('unhandledrejection');
  Object.defineProperty(event, 'reason', { value: reason });
  window.dispatchEvent(event);
};

/** The app of every test; only the one about components mounts it. */
const BrokenPanel = defineComponent({
  name: 'BrokenPanel',
  setup() {
    const n = ref(0);
    watch(n, () => {
      throw new Error('watcher broke');
    });
    return { n };
  },
  render() {
    if (this.n > 0) throw new Error('render broke');
    return h('button', { onClick: () => this.n++ }, 'go');
  },
});

beforeEach(() => {
  clock = T0;
  sent = [];
  app = createApp(BrokenPanel);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  uninstall();
  consoleError.mockRestore();
  setBridge(null);
});

describe("the page's error reporting", () => {
  it("sends an uncaught error with its stack and the script's place", () => {
    install();
    const error = new TypeError('x is undefined');
    uncaught(error, 'Uncaught TypeError: x is undefined');
    expect(sent).toEqual([
      {
        kind: 'error',
        message: 'TypeError: x is undefined',
        stack: error.stack,
        where: 'http://127.0.0.1/assets/index.js:12:5',
      },
    ]);
  });

  it('sends the message of an error event that carries no error', () => {
    install();
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(sent).toEqual([{ kind: 'error', message: 'Script error.' }]);
  });

  it('sends unhandled rejections, whatever their reason', () => {
    install();
    const error = new RangeError('too far');
    rejected(error);
    clock += 1;
    rejected({ code: 'offline', attempts: 3 });
    rejected('plain text');
    rejected(undefined);
    rejected(Symbol('why'));
    expect(sent).toEqual([
      { kind: 'unhandledrejection', message: 'RangeError: too far', stack: error.stack },
      { kind: 'unhandledrejection', message: '{"code":"offline","attempts":3}' },
      { kind: 'unhandledrejection', message: 'plain text' },
      { kind: 'unhandledrejection', message: 'undefined' },
      { kind: 'unhandledrejection', message: 'Symbol(why)' },
    ]);
  });

  it('describes a reason whose toString, getters or JSON throw, without throwing', () => {
    install();
    const hostile = {
      toString(): string {
        throw new Error('toString refused');
      },
    };
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const trap = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('no prototype');
        },
        get() {
          throw new Error('no properties');
        },
      },
    );
    class WithThrowingMessage extends Error {
      override get message(): string {
        throw new Error('no message');
      }
    }
    const reasons = [Object.create(hostile) as object, cyclic, trap, new WithThrowingMessage()];
    for (const reason of reasons) {
      expect(() => rejected(reason)).not.toThrow();
      // Past the repeat limit: two of them read the same.
      clock += REPEAT_MS;
    }
    expect(sent.map((r) => r.message)).toEqual([
      '[object Object]',
      '[object Object]',
      '(a value that cannot be shown as text)',
      '[object Error]',
    ]);
  });

  it("sends what a component's render or watcher throws, and still writes it to the console", async () => {
    install();
    const root = document.createElement('div');
    document.body.append(root);
    app.mount(root);
    root.querySelector('button')!.click();
    await flushPromises();
    app.unmount();
    root.remove();

    expect(sent).toEqual([
      {
        kind: 'vue',
        message: 'Error: watcher broke',
        stack: expect.stringContaining('watcher broke'),
        where: 'watcher callback in <BrokenPanel>',
      },
      {
        kind: 'vue',
        message: 'Error: render broke',
        stack: expect.stringContaining('render broke'),
        where: 'render function in <BrokenPanel>',
      },
    ]);
    expect(consoleError.mock.calls.map(([e]) => (e as Error).message)).toEqual([
      'watcher broke',
      'render broke',
    ]);
  });

  it("cuts every text to the contract's limits instead of losing the report", () => {
    install();
    const error = new Error('m'.repeat(1024 * 1024));
    error.stack = 's'.repeat(50_000);
    uncaught(error, 'Uncaught', `http://127.0.0.1/${'p'.repeat(1_000)}.js`);
    const [r] = sent;
    expect(r!.message).toHaveLength(REPORTED_ERROR_LIMITS.message);
    expect(r!.message.startsWith('Error: mmm')).toBe(true);
    expect(r!.message.endsWith('m…')).toBe(true);
    expect(r!.stack).toHaveLength(REPORTED_ERROR_LIMITS.stack);
    expect(r!.where).toHaveLength(REPORTED_ERROR_LIMITS.where);
    // Never half of a character: a surrogate pair at the cut goes whole.
    expect(cut(`${'x'.repeat(1_998)}😀😀`, 2_000)).toBe(`${'x'.repeat(1_998)}…`);
    expect(cut('short', 2_000)).toBe('short');
  });

  it('sends the same error once every few seconds, and at most 10 a minute', () => {
    install();
    for (let i = 0; i < 50; i++) {
      rejected(new Error('same again'));
      clock += 10;
    }
    expect(sent).toHaveLength(1);
    clock = T0 + REPEAT_MS;
    rejected(new Error('same again'));
    expect(sent).toHaveLength(2);
    // The same text of another kind is another error.
    uncaught(new Error('same again'));
    expect(sent).toHaveLength(3);

    for (let i = 0; i < 20; i++) rejected(new Error(`different ${i}`));
    expect(sent).toHaveLength(REPORTS_PER_MINUTE);
    clock = T0 + 60_000;
    rejected(new Error('a minute later'));
    expect(sent.at(-1)).toMatchObject({ message: 'Error: a minute later' });
    expect(sent).toHaveLength(REPORTS_PER_MINUTE + 1);
  });

  it('sends through app.reportError and swallows a refused or failed call', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    const node = (globalThis as unknown as { process: NodeLike }).process;
    node.on('unhandledRejection', onUnhandled);
    try {
      const bridge = new FakeBridge().fail('app.reportError', { code: 'bad_args', message: 'refused' });
      setBridge(bridge);
      uninstall = installErrorReporting(app, { now: () => clock });
      rejected(new Error('first'));
      await flushPromises();
      expect(bridge.callsOf('app.reportError')).toEqual([
        { kind: 'unhandledrejection', message: 'Error: first', stack: expect.any(String) },
      ]);

      // No bridge at all (a bare page), and a sender that throws before it returns a promise.
      setBridge(null);
      rejected(new Error('second'));
      uninstall();
      install({
        send: () => {
          throw new Error('send broke');
        },
      });
      expect(() => rejected(new Error('third'))).not.toThrow();
      await flushPromises();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
    } finally {
      node.off('unhandledRejection', onUnhandled);
    }
  });

  it('never reports its own reporting', () => {
    install({
      send: async (r) => {
        sent.push(r);
        uncaught(new Error('thrown while sending'));
      },
    });
    rejected(new Error('the first'));
    expect(sent.map((r) => r.message)).toEqual(['Error: the first']);
  });

  it('stops listening when uninstalled, and gives Vue back its handler', () => {
    install();
    uninstall();
    uncaught(new Error('after'));
    rejected(new Error('after'));
    expect(sent).toEqual([]);
    expect(app.config.errorHandler).toBeUndefined();
  });
});

interface NodeLike {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
}
