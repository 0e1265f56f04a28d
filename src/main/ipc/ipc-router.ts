import { issuesToFieldErrors } from '../../shared/interface';
import {
  ipcMethods,
  type IpcError,
  type IpcErrorCode,
  type IpcMethod,
  type IpcParsedArgs,
  type IpcReply,
  type IpcResultValue,
} from '../../shared/ipc/contract';
import type { IpcHandlers } from '../core/ipc-handlers';
import { toIpcError } from '../core/ipc-errors';
import type { PushTarget } from './push-channel';

/** What a call tells the shell about the renderer's pushes: it is ready, it took a live batch. */
export type RendererPushes = Pick<PushTarget, 'ready' | 'liveTaken'>;

export interface IpcRouterLog {
  warn(message: string): void;
  error(message: string, err: unknown): void;
}

export interface IpcRouter {
  /** Every contract method, each with its one registered entry. */
  readonly methods: readonly IpcMethod[];
  /**
   * One call from a renderer whose sender the shell has already checked:
   * `method` and `args` are whatever arrived (unknown), `pushes` is that
   * renderer's push target, told when it invoked 'app.ready' or 'app.liveTaken'.
   */
  dispatch(method: unknown, args: unknown, pushes?: RendererPushes): Promise<IpcReply<unknown>>;
}

type Entry = (args: unknown) => Promise<IpcReply<unknown>>;

export const failure = (
  code: IpcErrorCode,
  message: string,
  details?: IpcError['details'],
): IpcReply<never> =>
  details ? { ok: false, error: { code, message, details } } : { ok: false, error: { code, message } };

/** What every shell answers a caller that is not our renderer (architecture.md §3). */
export const badSender = (why: string): IpcReply<never> =>
  failure('bad_sender', `The call was refused: ${why}.`);

/**
 * The one wrapper of architecture.md §3, shared by both shells: every contract
 * method gets one entry that parses its arguments with the contract's schema,
 * calls the core's handler and turns whatever happens into an IpcReply,
 * because Electron (and JSON over a socket) lose thrown errors.
 */
export function createIpcRouter(handlers: IpcHandlers, log?: IpcRouterLog): IpcRouter {
  const entries = new Map<string, Entry>();
  const methods = Object.keys(ipcMethods) as IpcMethod[];
  for (const method of methods) entries.set(method, entryFor(method, handlers, log));

  return {
    methods,
    async dispatch(method, args, pushes) {
      const entry =
        typeof method === 'string' && Object.hasOwn(ipcMethods, method) ? entries.get(method) : undefined;
      if (!entry) {
        const name = typeof method === 'string' ? method.slice(0, 80) : `of type ${typeof method}`;
        return failure('unknown_method', `There is no method ${name}.`);
      }
      const reply = await entry(args);
      if (reply.ok && method === 'app.ready') pushes?.ready();
      if (reply.ok && method === 'app.liveTaken') pushes?.liveTaken();
      return reply;
    },
  };
}

function entryFor<M extends IpcMethod>(method: M, handlers: IpcHandlers, log?: IpcRouterLog): Entry {
  const handler: (args: IpcParsedArgs<M>) => Promise<IpcResultValue<M>> = handlers[method];
  if (typeof handler !== 'function') throw new Error(`The core has no handler for ${method}.`);
  const schema = ipcMethods[method].args;
  return async (raw) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
      return failure(
        'bad_args',
        `The arguments of ${method} are not valid.`,
        issuesToFieldErrors(parsed.error.issues),
      );
    try {
      // The schema is the contract's own for M, so its output is M's parsed arguments.
      return { ok: true, value: await handler(parsed.data as IpcParsedArgs<M>) };
    } catch (err) {
      const error = toIpcError(err);
      if (error.code === 'internal') log?.error(`${method} failed`, err);
      else log?.warn(`${method}: ${error.code}: ${error.message}`);
      return { ok: false, error };
    }
  };
}
