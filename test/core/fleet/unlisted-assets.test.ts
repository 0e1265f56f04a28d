import { describe, expect, it } from 'vitest';
import { UnlistedAssets } from '../../../src/main/core/fleet/unlisted-assets';
import type { LivePosition } from '../../../src/shared/ipc/views';

const pos = (assetId: number): LivePosition => ({
  assetId,
  lat: 45,
  lon: 9,
  speed: 0,
  course: 0,
  t: 1000,
  state: 'stopped',
  ignition: false,
});
const ids = (batch: readonly LivePosition[]): number[] => batch.map((p) => p.assetId);
const inList =
  (...list: number[]) =>
  (id: number): boolean =>
    list.includes(id);

describe('live fixes of assets the list does not have', () => {
  it('keeps them, and says when one is new, until a list asked for after its first fix settles it', () => {
    const unlisted = new UnlistedAssets();
    const listed = inList(1, 2);
    expect(unlisted.admit([pos(1), pos(2)], listed, 10)).toEqual({
      admitted: [pos(1), pos(2)],
      newcomer: false,
    });
    const first = unlisted.admit([pos(1), pos(7), pos(8)], listed, 20);
    expect(ids(first.admitted)).toEqual([1, 7, 8]);
    expect(first.newcomer).toBe(true);
    // Known by now: kept, not new.
    expect(unlisted.admit([pos(7)], listed, 30)).toEqual({ admitted: [pos(7)], newcomer: false });
    expect(unlisted.admit([pos(9)], listed, 40).newcomer).toBe(true);

    // A list asked for at 35 names 7 and leaves 8 out; 9 came after it was asked for: it waits for the next.
    expect(unlisted.settle(inList(1, 2, 7), 35)).toEqual({ forget: [8], waiting: 1, dropped: 0 });
    // 8 is dropped while lists leave it out; 7 is listed now.
    expect(ids(unlisted.admit([pos(7), pos(8), pos(9)], inList(1, 2, 7), 50).admitted)).toEqual([7, 9]);
    expect(unlisted.settle(inList(1, 2, 7), 45)).toEqual({ forget: [9], waiting: 0, dropped: 0 });

    // A later list that names 8 makes it an ordinary asset.
    expect(unlisted.settle(inList(1, 2, 7, 8), 60)).toEqual({ forget: [], waiting: 0, dropped: 0 });
    expect(unlisted.admit([pos(8)], inList(1, 2, 7, 8), 70)).toEqual({ admitted: [pos(8)], newcomer: false });
    // Left out again: new again (a list has to say so again).
    expect(unlisted.admit([pos(8)], inList(1, 2), 80)).toEqual({ admitted: [pos(8)], newcomer: true });
  });

  it('keeps at most its limit of them and counts the fixes it dropped for the next list', () => {
    const unlisted = new UnlistedAssets(3);
    const none = inList();
    const batch = [10, 11, 12, 13, 14].map(pos);
    expect(ids(unlisted.admit(batch, none, 1).admitted)).toEqual([10, 11, 12]);
    expect(ids(unlisted.admit([pos(13), pos(11)], none, 2).admitted)).toEqual([11]);
    expect(unlisted.settle(none, 5)).toEqual({ forget: [10, 11, 12], waiting: 0, dropped: 3 });
    // The refused ones are dropped without counting against the limit, which is free again.
    expect(ids(unlisted.admit([pos(10), pos(13), pos(14), pos(15), pos(16)], none, 6).admitted)).toEqual([
      13, 14, 15,
    ]);
    expect(unlisted.settle(none, 7)).toEqual({ forget: [13, 14, 15], waiting: 0, dropped: 1 });
  });

  it('remembers at most its limit of refused assets; one past it may come back, and is settled again', () => {
    const unlisted = new UnlistedAssets(2);
    const none = inList();
    unlisted.admit([pos(1), pos(2)], none, 1);
    unlisted.settle(none, 2);
    unlisted.admit([pos(3), pos(4)], none, 3);
    expect(unlisted.settle(none, 4).forget).toEqual([3, 4]);
    // 1 and 2 are remembered; 3 and 4 did not fit: they wait again, for the next list to settle.
    expect(ids(unlisted.admit([pos(1), pos(2), pos(3), pos(4)], none, 5).admitted)).toEqual([3, 4]);
    expect(unlisted.admit([pos(5)], none, 5).admitted).toEqual([]);
  });
});
