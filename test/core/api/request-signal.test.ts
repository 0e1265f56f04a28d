import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { requestSignal } from '../../../src/main/core/api/request-signal';

describe("a request's abort signal", () => {
  it('aborts with the reason of whichever source aborts first, and then leaves no listener on any', () => {
    const caller = new AbortController();
    const closed = new AbortController();
    const { signal } = requestSignal([undefined, caller.signal, closed.signal]);
    expect(signal.aborted).toBe(false);
    caller.abort(new Error('the operator cancelled'));
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toEqual(new Error('the operator cancelled'));
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    expect(getEventListeners(closed.signal, 'abort')).toHaveLength(0);
    closed.abort();
    expect(signal.reason).toEqual(new Error('the operator cancelled'));
  });

  it('is aborted at once by a source that already is', () => {
    const closed = new AbortController();
    closed.abort('signed out');
    const live = new AbortController();
    const { signal } = requestSignal([live.signal, closed.signal]);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('signed out');
    expect(getEventListeners(live.signal, 'abort')).toHaveLength(0);
  });

  it('takes its listeners off the sources when released, and does not abort after', () => {
    const closed = new AbortController();
    const { signal, release } = requestSignal([closed.signal]);
    expect(getEventListeners(closed.signal, 'abort')).toHaveLength(1);
    release();
    expect(getEventListeners(closed.signal, 'abort')).toHaveLength(0);
    closed.abort();
    expect(signal.aborted).toBe(false);
  });
});
