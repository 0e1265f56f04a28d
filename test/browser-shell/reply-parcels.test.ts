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
  it('hands each parcel over once, bytes and text as offered, under an unguessable token', async () => {
    const parcels = createReplyParcels();
    const page = {};
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const binary = tokenOf(parcels.offer(bytes.subarray(1), page));
    const text = tokenOf(parcels.offer('{"type":"reply"}', page));
    expect(binary).toMatch(/^[\w-]{24}$/);
    expect(binary).not.toBe(text);
    expect(parcels.heldBytes()).toBe(3 + 16);

    expect(parcels.has(binary)).toBe(true);
    expect(await parcels.take(binary)).toEqual({ body: Buffer.from([2, 3, 250]), text: false });
    expect(parcels.has(binary)).toBe(false);
    expect(await parcels.take(binary)).toBeNull();
    expect((await parcels.take(text))?.body.toString('utf8')).toBe('{"type":"reply"}');
    expect(await parcels.take('not-a-token')).toBeNull();
    expect(await parcels.take('')).toBeNull();
    expect(parcels.heldBytes()).toBe(0);
  });

  it('drops what a page never fetched when its socket goes, and nothing of another page', async () => {
    const parcels = createReplyParcels();
    const [gone, staying] = [{}, {}];
    const a = tokenOf(parcels.offer('a', gone));
    const b = tokenOf(parcels.offer('b', gone));
    const c = tokenOf(parcels.offer('c', staying));
    parcels.dropOwner(gone);
    expect(await parcels.take(a)).toBeNull();
    expect(await parcels.take(b)).toBeNull();
    expect((await parcels.take(c))?.body.toString()).toBe('c');
  });

  it('drops a parcel nobody fetched in time', async () => {
    vi.useFakeTimers();
    const parcels = createReplyParcels(1_000);
    const late = tokenOf(parcels.offer('late', {}));
    const early = tokenOf(parcels.offer('early', {}));
    expect((await parcels.take(early))?.body.toString()).toBe('early');
    vi.advanceTimersByTime(999);
    expect(parcels.heldBytes()).toBe(4);
    vi.advanceTimersByTime(1);
    expect(parcels.heldBytes()).toBe(0);
    expect(await parcels.take(late)).toBeNull();
  });

  it('refuses to hold more than its limit, so the reply goes on the socket instead', async () => {
    const parcels = createReplyParcels(60_000, 10);
    const page = {};
    const first = tokenOf(parcels.offer('123456', page));
    expect(parcels.offer('12345', page)).toBeNull();
    expect(parcels.heldBytes()).toBe(6);
    await parcels.take(first);
    expect(parcels.offer('1234567890', page)).not.toBeNull();
    parcels.clear();
    expect(parcels.heldBytes()).toBe(0);
  });

  it('hands an announced parcel to the request that came before its bytes, once they are there', async () => {
    const parcels = createReplyParcels();
    const page = {};
    const announced = parcels.announce(page);
    if (!announced) throw new Error('nothing announced');
    const token = tokenOf(announced.url);
    expect(parcels.has(token)).toBe(true);
    const asked = parcels.take(token);
    // A second request while the first waits gets nothing, as for a spent token.
    expect(await parcels.take(token)).toBeNull();
    expect(parcels.heldBytes()).toBe(0);
    announced.fill(new Uint8Array([7, 8, 9]));
    expect(await asked).toEqual({ body: Buffer.from([7, 8, 9]), text: false });
    expect(parcels.has(token)).toBe(false);
    expect(parcels.heldBytes()).toBe(0);
    // Filled again, or late: nothing is held.
    announced.fill('again');
    expect(parcels.heldBytes()).toBe(0);
  });

  it('holds an announced parcel filled before anyone asked, counted from then', async () => {
    const parcels = createReplyParcels();
    const announced = parcels.announce({})!;
    announced.fill('{"type":"reply"}');
    expect(parcels.heldBytes()).toBe(16);
    expect((await parcels.take(tokenOf(announced.url)))?.body.toString('utf8')).toBe('{"type":"reply"}');
    expect(parcels.heldBytes()).toBe(0);
  });

  it('answers a waiting request with nothing when the parcel fails, its page goes, its time runs out or its bytes are too many', async () => {
    vi.useFakeTimers();
    const parcels = createReplyParcels(1_000, 10);
    const gonePage = {};
    const failing = parcels.announce({})!;
    const dropped = parcels.announce(gonePage)!;
    const late = parcels.announce({})!;
    const large = parcels.announce({})!;
    const asked = [failing, dropped, late, large].map((a) => parcels.take(tokenOf(a.url)));
    failing.fail();
    parcels.dropOwner(gonePage);
    large.fill('more than ten bytes');
    expect(parcels.has(tokenOf(late.url))).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(parcels.has(tokenOf(late.url))).toBe(false);
    expect(await Promise.all(asked)).toEqual([null, null, null, null]);
    expect(parcels.heldBytes()).toBe(0);
  });
});
