import type { IpcEvent, IpcEvents } from '../../shared/ipc/contract';
import type { LivePosition } from '../../shared/ipc/views';
import type { PushSink } from '../core/ipc-handlers';

export interface PushMessage {
  readonly event: IpcEvent;
  readonly payload: unknown;
}

/** One renderer (an Electron window, a browser tab) that receives pushes. */
export interface PushTarget {
  /** The renderer invoked 'app.ready': its queue flows, later pushes go straight through. */
  ready(): void;
  /** The renderer reloaded: queue again until it says it is ready. */
  reset(): void;
  /** The renderer took a live batch and drew a frame since: the next may go (LIVE_WINDOW). */
  liveTaken(): void;
  detach(): void;
}

export interface PushChannel {
  readonly push: PushSink;
  attach(send: (message: PushMessage) => void): PushTarget;
}

/** Events that carry a whole state: a newer one replaces the queued one. */
const SNAPSHOTS: ReadonlySet<IpcEvent> = new Set<IpcEvent>([
  'session.changed',
  'connection.changed',
  'fleet.changed',
  'links.changed',
  'settings.changed',
]);
const DEFAULT_QUEUE_LIMIT = 2_000;
/**
 * Live batches a ready renderer may have been sent and not yet taken ('app.liveTaken'). Past it, batches
 * join one held run (newest fix per asset, as a queue's) that goes when the renderer takes one: a page
 * that cannot draw as fast as the fleet reports gets fewer, larger batches instead of a backlog in its
 * socket or its task queue that keeps its main thread busy long after (docs/architecture.md "Live
 * positions"). Two lets the next batch travel while the page draws the last; a page keeping up (ten
 * batches a second, one frame each) never reaches it.
 */
export const LIVE_WINDOW = 2;

/**
 * Every live batch queued for a renderer, as one run: the newest fix of each asset, sent after whatever
 * else was queued before the latest batch. Batches are not bounded by the message count alone: at 50,000
 * assets a renderer slow to say ready would otherwise hold thousands of batches of tens of thousands of
 * positions in main (~3.5 MB a second), and other events (alarms raised, every few hundred milliseconds
 * at that scale) come between them. Newest-per-asset is all a renderer keeps of them (it maps positions
 * by asset), and the core's feed sends each asset's fixes in order, so a later fix replaces an earlier
 * one. A fix arrives later than an event it came before, which changes nothing a renderer shows: a
 * fleet snapshot holds no fix newer than the run's, and an alarm carries its own position.
 */
interface LiveRun {
  readonly event: 'live.positions';
  readonly byAsset: Map<number, LivePosition>;
}
type Queued = PushMessage | LiveRun;

const isLiveRun = (m: Queued): m is LiveRun => 'byAsset' in m;

const newRun = (): LiveRun => ({ event: 'live.positions', byAsset: new Map() });

/** The core's feed sends each asset's fixes in order: a later batch's fix replaces the run's. */
function addFixes(run: LiveRun, message: PushMessage): void {
  for (const p of (message.payload as IpcEvents['live.positions']).positions) run.byAsset.set(p.assetId, p);
}

/** Drops the fixes of assets a refreshed list forgot; true when the run is left empty. */
function forget(run: LiveRun, ids: Iterable<number>): boolean {
  for (const id of ids) run.byAsset.delete(id);
  return run.byAsset.size === 0;
}

function removeAll(queue: Queued[], drop: (m: Queued) => boolean): void {
  for (let i = queue.length - 1; i >= 0; i--) if (drop(queue[i]!)) queue.splice(i, 1);
}

/**
 * A refresh's push joins the one queued before it, if any (taken out of the queue): the newest list,
 * every asset either forgot that the newest list does not name again, the newest age. Its forgotten
 * assets' fixes leave the queued live run, which would otherwise be sent after it and show them again.
 * A renderer away for hours (macOS keeps the app without a window) so holds one list, not one each five minutes.
 */
function mergeListed(queue: Queued[], next: IpcEvents['fleet.listed']): PushMessage {
  const at = queue.findIndex((m) => m.event === 'fleet.listed');
  const before = at >= 0 ? (queue.splice(at, 1)[0] as PushMessage).payload : null;
  const prior = before as IpcEvents['fleet.listed'] | null;
  const named = next.assets ? new Set(next.assets.map((a) => a.id)) : null;
  const forgotten = new Set(prior?.forgotten.filter((id) => !named?.has(id)));
  for (const id of next.forgotten) forgotten.add(id);
  const run = queue.find(isLiveRun);
  if (run && forget(run, forgotten)) queue.splice(queue.indexOf(run), 1);
  const payload: IpcEvents['fleet.listed'] = {
    ...next,
    assets: next.assets ?? prior?.assets ?? null,
    forgotten: [...forgotten],
  };
  return { event: 'fleet.listed', payload };
}

/**
 * Pushes from the core to every renderer, held back until that renderer says
 * it is ready (as electron/fiddle does): a push sent before the renderer has
 * subscribed would be lost. Pushes made while no renderer exists at all wait
 * for the first one. Queues are bounded: snapshots keep only their newest,
 * live batches become one run of the newest fix per asset (LiveRun), and past
 * the limit the oldest other events go.
 */
export function createPushChannel(options: { queueLimit?: number } = {}): PushChannel {
  const limit = options.queueLimit ?? DEFAULT_QUEUE_LIMIT;
  const targets = new Set<Target>();
  let orphans: Queued[] = [];

  interface Target {
    send(message: PushMessage): void;
    queue: Queued[] | null;
    /** Live batches sent and not yet taken (at most LIVE_WINDOW). */
    inFlight: number;
    /** Live batches past the window, waiting for the renderer to take one. */
    held: LiveRun | null;
  }

  const enqueue = (queue: Queued[], message: PushMessage): void => {
    if (message.event === 'live.positions') {
      const at = queue.findIndex(isLiveRun);
      const run = at >= 0 ? queue.splice(at, 1)[0] : undefined;
      const live = run && isLiveRun(run) ? run : newRun();
      addFixes(live, message);
      queue.push(live);
    } else if (message.event === 'fleet.listed') {
      queue.push(mergeListed(queue, message.payload as IpcEvents['fleet.listed']));
    } else {
      if (SNAPSHOTS.has(message.event)) {
        const old = queue.findIndex((m) => m.event === message.event);
        if (old >= 0) queue.splice(old, 1);
      }
      // A whole fleet holds what every refresh before it changed.
      if (message.event === 'fleet.changed') removeAll(queue, (m) => m.event === 'fleet.listed');
      queue.push(message);
    }
    if (queue.length <= limit) return;
    // The run is at most a fleet's worth: what goes is the oldest other event.
    queue.splice(queue[0] && isLiveRun(queue[0]) ? 1 : 0, 1);
  };

  const deliver = (target: Target, queued: Queued): void => {
    const message: PushMessage = isLiveRun(queued)
      ? { event: queued.event, payload: { positions: [...queued.byAsset.values()] } }
      : queued;
    try {
      target.send(message);
    } catch {
      // A renderer that went away mid-send must not stop the others (or the core).
    }
  };

  const sendLive = (target: Target, live: Queued): void => {
    target.inFlight += 1;
    deliver(target, live);
  };

  const pushReady = (target: Target, message: PushMessage): void => {
    if (message.event === 'live.positions') {
      if (target.inFlight < LIVE_WINDOW) return sendLive(target, message);
      addFixes((target.held ??= newRun()), message);
      return;
    }
    // A held fix of an asset the list forgot would show it again once sent; a whole fleet's fixes are no
    // newer than the held ones (those came after them), so the held run still goes after it.
    const held = target.held;
    if (held && message.event === 'fleet.listed') {
      if (forget(held, (message.payload as IpcEvents['fleet.listed']).forgotten)) target.held = null;
    }
    deliver(target, message);
  };

  const push: PushSink = <E extends IpcEvent>(event: E, payload: IpcEvents[E]): void => {
    const message: PushMessage = { event, payload };
    if (targets.size === 0) return enqueue(orphans, message);
    for (const t of targets) {
      if (t.queue) enqueue(t.queue, message);
      else pushReady(t, message);
    }
  };

  return {
    push,
    attach(send) {
      const target: Target = {
        send,
        queue: targets.size === 0 ? orphans : [],
        inFlight: 0,
        held: null,
      };
      orphans = [];
      targets.add(target);
      return {
        ready() {
          const queued = target.queue;
          target.queue = null;
          if (!targets.has(target)) return;
          for (const m of queued ?? []) {
            if (isLiveRun(m)) sendLive(target, m);
            else deliver(target, m);
          }
        },
        reset() {
          // A reloaded page takes nothing it was sent before: what was held waits in its queue.
          if (!target.queue) target.queue = target.held ? [target.held] : [];
          target.held = null;
          target.inFlight = 0;
        },
        liveTaken() {
          if (target.inFlight > 0) target.inFlight -= 1;
          const held = target.held;
          if (!held || target.queue || target.inFlight >= LIVE_WINDOW) return;
          target.held = null;
          sendLive(target, held);
        },
        detach() {
          targets.delete(target);
        },
      };
    },
  };
}
