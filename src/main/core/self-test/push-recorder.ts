import type { IpcEvent, IpcEvents } from '../../../shared/ipc/contract';
import type { PushSink } from '../ipc-handlers';

/** What the core pushed, for a caller that has no renderer but must wait for one push or another. */
export interface PushRecorder {
  readonly sink: PushSink;
  /** The first push of `event` (recorded already, or still to come) that `match` accepts. */
  next<E extends IpcEvent>(
    event: E,
    match: (payload: IpcEvents[E]) => boolean,
    timeoutMs: number,
  ): Promise<IpcEvents[E]>;
}

export function createPushRecorder(): PushRecorder {
  const seen: { event: IpcEvent; payload: unknown }[] = [];
  const waiters = new Set<() => void>();
  return {
    sink(event, payload) {
      seen.push({ event, payload });
      for (const wake of [...waiters]) wake();
    },
    next(event, match, timeoutMs) {
      type Payload = IpcEvents[typeof event];
      return new Promise((resolve, reject) => {
        let from = 0;
        const check = (): void => {
          for (; from < seen.length; from++) {
            const p = seen[from]!;
            if (p.event === event && match(p.payload as Payload)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(p.payload as Payload);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${event} within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
