import type { IpcArgs, IpcEvent, IpcEvents, IpcMethod, IpcResultValue } from '../../../shared/ipc';
import { ApiError } from './api-error';
import { bridge } from './bridge';

export { ApiError, hasErrorCode, isApiError } from './api-error';
export { setBridge } from './bridge';

/** Calls main; resolves with the value or throws ApiError with the contract's error code. */
export async function call<M extends IpcMethod>(method: M, args?: IpcArgs<M>): Promise<IpcResultValue<M>> {
  const reply = await bridge().invoke(method, args);
  if (!reply.ok) throw new ApiError(reply.error);
  return reply.value;
}

/** Subscribes to a push from main; returns the unsubscribe function. */
export function subscribe<E extends IpcEvent>(
  event: E,
  listener: (payload: IpcEvents[E]) => void,
): () => void {
  return bridge().on(event, listener);
}
