import type { DemoService, StartDemoService } from './demo-service';

export interface DemoLifetime {
  /** The running Demo service, started if need be; null when it was stopped meanwhile (quit, sign-out). */
  running(): Promise<DemoService | null>;
  /** Whether `d` is still the running Demo service (not stopped meanwhile by a sign-out or quit). */
  isCurrent(d: DemoService): boolean;
  stop(): Promise<void>;
  /** Quitting: nothing starts any more. */
  close(): Promise<void>;
}

/** The Demo profile's in-process service: started on demand, stopped by whoever clears it. */
export function demoLifetime(start: StartDemoService): DemoLifetime {
  /** The Demo service, from the moment its start is asked for. */
  let demo: Promise<DemoService> | null = null;
  /** The service `demo` resolved to, while it is the one. */
  let current: DemoService | null = null;
  let closed = false;

  const stop = async (): Promise<void> => {
    const starting = demo;
    demo = null;
    current = null;
    // A start that failed has nothing to stop; its caller reports the failure.
    const d = await starting?.catch(() => null);
    await d?.stop();
  };

  return {
    async running() {
      if (closed) return null;
      const starting = (demo ??= start());
      try {
        const d = await starting;
        if (demo !== starting || closed) return null;
        current = d;
        return d;
      } catch (err) {
        if (demo === starting) demo = null;
        throw err;
      }
    },
    isCurrent: (d) => current === d && !closed,
    stop,
    async close() {
      closed = true;
      await stop();
    },
  };
}
