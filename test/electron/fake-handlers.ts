import type { IpcHandlers } from '../../src/main/core/ipc-handlers';
import { ipcMethods, type IpcMethod } from '../../src/shared/ipc/contract';

export interface RecordedCall {
  readonly method: IpcMethod;
  readonly args: unknown;
}

/**
 * Handlers standing in for the core: each records its call and answers
 * `{ method }` (or what `overrides` says), so a test sees which handler ran
 * with which parsed arguments.
 */
export function fakeHandlers(
  calls: RecordedCall[],
  overrides: Partial<Record<IpcMethod, (args: unknown) => Promise<unknown>>> = {},
): IpcHandlers {
  const entries = (Object.keys(ipcMethods) as IpcMethod[]).map((method) => {
    const handler = async (args: unknown): Promise<unknown> => {
      calls.push({ method, args });
      const override = overrides[method];
      return override ? override(args) : { method };
    };
    return [method, handler] as const;
  });
  // Results are test doubles, not the contract's types: the router only passes them through.
  return Object.fromEntries(entries) as unknown as IpcHandlers;
}
