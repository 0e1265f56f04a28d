import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReplyParcels } from '../../src/main/browser-shell/reply-parcels';
import { PARCEL_PATH } from '../../src/shared/ipc/socket-frames';

const tokenOf = (url: string | null): string => {
  if (url === null) throw new Error('no parcel was offered');
  expect(url.startsWith(PARCEL_PATH)).toBe(true);
  return url.slice(PARCEL_PATH.length);
};

afterEach(() => vi.useRealTimers());

describe('reply parcels', () => {
  it('hands each parcel over once, bytes and text as offered, under an unguessable token', () => {
    const parcels = createReplyParcels();
    const page = {};
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const binary = tokenOf(parcels.offer(bytes.subarray(1), page));
    const text = tokenOf(parcels.offer('{"type":"reply"}', page));
    expect(binary).toMatch(/^[\w-]{24}$/);
    expect(binary).not.toBe(text);
    expect(parcels.heldBytes()).toBe(3 + 16);

    expect(parcels.has(binary)).toBe(true);
    expect(parcels.take(binary)).toEqual({ body: Buffer.from([2, 3, 250]), text: false });
    expect(parcels.has(binary)).toBe(false);
    expect(parcels.take(binary)).toBeNull();
    expect(parcels.take(text)?.body.toString('utf8')).toBe('{"type":"reply"}');
    expect(parcels.take('not-a-token')).toBeNull();
    expect(parcels.take('')).toBeNull();
    expect(parcels.heldBytes()).toBe(0);
  });

  it('drops what a page never fetched when its socket goes, and nothing of another page', () => {
    const parcels = createReplyParcels();
    const [gone, staying] = [{}, {}];
    const a = tokenOf(parcels.offer('a', gone));
    const b = tokenOf(parcels.offer('b', gone));
    const c = tokenOf(parcels.offer('c', staying));
    parcels.dropOwner(gone);
    expect(parcels.take(a)).toBeNull();
    expect(parcels.take(b)).toBeNull();
    expect(parcels.take(c)?.body.toString()).toBe('c');
  });

  it('drops a parcel nobody fetched in time', () => {
    vi.useFakeTimers();
    const parcels = createReplyParcels(1_000);
    const late = tokenOf(parcels.offer('late', {}));
    const early = tokenOf(parcels.offer('early', {}));
    expect(parcels.take(early)?.body.toString()).toBe('early');
    vi.advanceTimersByTime(999);
    expect(parcels.heldBytes()).toBe(4);
    vi.advanceTimersByTime(1);
    expect(parcels.heldBytes()).toBe(0);
    expect(parcels.take(late)).toBeNull();
  });

  it('refuses to hold more than its limit, so the reply goes on the socket instead', () => {
    const parcels = createReplyParcels(60_000, 10);
    const page = {};
    const first = tokenOf(parcels.offer('123456', page));
    expect(parcels.offer('12345', page)).toBeNull();
    expect(parcels.heldBytes()).toBe(6);
    parcels.take(first);
    expect(parcels.offer('1234567890', page)).not.toBeNull();
    parcels.clear();
    expect(parcels.heldBytes()).toBe(0);
  });
});
