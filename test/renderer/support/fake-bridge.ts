import type {
  FleetdeskBridge,
  IpcArgs,
  IpcError,
  IpcEvent,
  IpcEvents,
  IpcMethod,
  IpcReply,
  IpcResultValue,
} from '../../../src/shared/ipc';

type Handler<M extends IpcMethod> = (
  args: IpcArgs<M> | undefined,
) => IpcResultValue<M> | Promise<IpcResultValue<M>>;
type HandlerMap = { [M in IpcMethod]?: Handler<M> };

/** Thrown inside a handler to answer with an IpcError (as main's one wrapper does). */
export class FakeIpcError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message);
  }
}

/**
 * window.fleetdesk without main: each method answers from a handler the test
 * sets, every call is recorded, and pushes are emitted by hand. Shared by all
 * renderer tests (and the bench harness) so they speak the real contract.
 */
export class FakeBridge implements FleetdeskBridge {
  readonly calls: { method: IpcMethod; args: unknown }[] = [];
  private readonly handlers: HandlerMap = {};
  private readonly listeners = new Map<IpcEvent, Set<(payload: never) => void>>();
  private readonly inFlight = new Set<Promise<unknown>>();

  handle<M extends IpcMethod>(method: M, handler: Handler<M> | IpcResultValue<M>): this {
    const h = typeof handler === 'function' ? handler : () => handler;
    (this.handlers as Record<string, unknown>)[method] = h;
    return this;
  }

  fail(method: IpcMethod, error: IpcError): this {
    (this.handlers as Record<string, unknown>)[method] = () => {
      throw new FakeIpcError(error);
    };
    return this;
  }

  async invoke<M extends IpcMethod>(method: M, args?: IpcArgs<M>): Promise<IpcReply<IpcResultValue<M>>> {
    this.calls.push({ method, args });
    const reply = this.answer(method, args);
    this.inFlight.add(reply);
    try {
      return await reply;
    } finally {
      this.inFlight.delete(reply);
    }
  }

  /** True while a call made to the bridge has not been answered yet. */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Resolves once every call made so far has been answered (handlers may answer later than at once). */
  async answered(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async answer<M extends IpcMethod>(
    method: M,
    args?: IpcArgs<M>,
  ): Promise<IpcReply<IpcResultValue<M>>> {
    const handler = this.handlers[method] as Handler<M> | undefined;
    if (!handler)
      return { ok: false, error: { code: 'not_found', message: `fake bridge: no handler for ${method}` } };
    try {
      return { ok: true, value: await handler(args) };
    } catch (err) {
      if (err instanceof FakeIpcError) return { ok: false, error: err.error };
      return {
        ok: false,
        error: { code: 'internal', message: err instanceof Error ? err.message : String(err) },
      };
    }
  }

  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<E extends IpcEvent>(event: E, payload: IpcEvents[E]): void {
    for (const l of this.listeners.get(event) ?? []) (l as (p: IpcEvents[E]) => void)(payload);
  }

  listenerCount(event: IpcEvent): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  callsOf(method: IpcMethod): unknown[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }
}
