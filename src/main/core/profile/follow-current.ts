/**
 * A stand-in that is always `current()`: each property is read from the
 * current object when it is used. The core's per-owner modules (fleet,
 * reports, links…) are replaced when another account signs in, and whoever
 * was handed the stand-in (an IPC handler, a realtime callback) reaches the
 * new one. Only for modules made of closures, whose methods never use `this`.
 */
export function followCurrent<T extends object>(first: T, current: () => T): T {
  return new Proxy(first, { get: (_target, key) => Reflect.get(current(), key) });
}
