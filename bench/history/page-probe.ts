import { z } from 'zod';
import { HISTORY_DRAWN_MARK } from '../../src/renderer/src/features/history/history-drawn-mark';
import { PARCEL_PATH } from '../../src/shared/ipc/socket-frames';

/**
 * What bench:history --app watches inside the page, all on the page's own clock (performance.now):
 * the operator's click (its event's timeStamp, taken in the capture phase before the app sees it),
 * the history.get frame leaving on the bridge socket, the large reply arriving (a frame on the socket,
 * or a parcel's bytes fetched: reply-parcels.ts), the History
 * map's "drawn" mark (history-drawn-mark.ts), the end of Vue's flush that set it and the first
 * animation frame after that mark (the frame that puts the drawn canvas on screen); then the side
 * panel's summary ceasing to be busy (it and the speed chart take the history a frame after the map:
 * after-paint.ts) and the frame after that, when the whole screen shows the history. Strings, as test/e2e's init scripts are, so this Node
 * file is type-checked without the DOM library.
 */
/** A history reply worth timing is far above the app's other frames (live batches of a 50-asset fleet). */
const REPLY_MIN_SIZE = 100_000;

export const PAGE_PROBE = `(() => {
  const probe = { clicks: [], sends: [], replies: [], settled: null, done: null };
  window.__historyProbe = probe;
  window.addEventListener('click', (e) => probe.clicks.push(e.timeStamp), true);
  // The mark is set inside Vue's flush (a watcher); a microtask queued then runs when the flush is
  // over, and before any frame.
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = mark(name, options);
    if (name === ${JSON.stringify(HISTORY_DRAWN_MARK)}) queueMicrotask(() => (probe.settled = performance.now()));
    return entry;
  };
  const Real = window.WebSocket;
  class Watched extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        // A frame with typed arrays is binary (socket-frame-codec.ts): its size in bytes, a text frame's in chars.
        const size = typeof e.data === 'string' ? e.data.length : e.data.byteLength;
        if (size > ${REPLY_MIN_SIZE}) probe.replies.push({ at: performance.now(), size });
      });
    }
    send(data) {
      if (typeof data === 'string' && data.includes('"history.get"')) probe.sends.push(performance.now());
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    if (!String(input).startsWith(${JSON.stringify(PARCEL_PATH)})) return res;
    for (const read of ['arrayBuffer', 'text']) {
      const real = res[read].bind(res);
      res[read] = async () => {
        const body = await real();
        probe.replies.push({ at: performance.now(), size: typeof body === 'string' ? body.length : body.byteLength });
        return body;
      };
    }
    return res;
  };
})();`;

/**
 * Forget what came before and wait for the next "drawn" mark and the frame after it; `done` settles
 * with them. Evaluated just before the click.
 */
export const ARM_PROBE = `(() => {
  const probe = window.__historyProbe;
  probe.clicks.length = 0;
  probe.sends.length = 0;
  probe.replies.length = 0;
  probe.settled = null;
  probe.panels = null;
  probe.panelsFrame = null;
  performance.clearMarks(${JSON.stringify(HISTORY_DRAWN_MARK)});
  // Busy from the click (the store's load) until the panel has the answer.
  const summary = document.querySelector('[aria-label="Summary"]');
  const watcher = new MutationObserver(() => {
    if (summary.getAttribute('aria-busy') !== 'false') return;
    watcher.disconnect();
    probe.panels = performance.now();
    requestAnimationFrame(() => (probe.panelsFrame = performance.now()));
  });
  watcher.observe(summary, { attributes: true, attributeFilter: ['aria-busy'] });
  probe.done = new Promise((resolve) => {
    const frame = () => {
      const mark = performance.getEntriesByName(${JSON.stringify(HISTORY_DRAWN_MARK)}, 'mark')[0];
      if (!mark) return void requestAnimationFrame(frame);
      const frameAt = performance.now();
      const finish = () => {
        if (probe.settled === null || probe.panelsFrame === null) return void setTimeout(finish, 0);
        resolve({
          click: probe.clicks[0] ?? null,
          sent: probe.sends[0] ?? null,
          replied: probe.replies.length > 0 ? probe.replies[probe.replies.length - 1] : null,
          drawnAt: mark.startTime,
          settledAt: probe.settled,
          frameAt,
          panelsAt: probe.panels,
          panelsFrameAt: probe.panelsFrame,
          detail: mark.detail,
        });
      };
      finish();
    };
    requestAnimationFrame(frame);
  });
})();`;

export const PROBE_DONE = 'window.__historyProbe.done';

export const probeResultSchema = z.object({
  click: z.number().nullable(),
  sent: z.number().nullable(),
  replied: z.object({ at: z.number(), size: z.int() }).nullable(),
  drawnAt: z.number(),
  settledAt: z.number(),
  frameAt: z.number(),
  panelsAt: z.number(),
  panelsFrameAt: z.number(),
  detail: z.object({
    assetId: z.int(),
    start: z.number(),
    end: z.number(),
    points: z.int(),
    source: z.enum(['network', 'cache', 'mixed']),
    draws: z.int(),
    drawMs: z.number(),
  }),
});
export type ProbeResult = z.infer<typeof probeResultSchema>;
