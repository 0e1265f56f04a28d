import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { createNoticeBoard } from '../../../src/main/core/notices/notice-board';
import type { Notice } from '../../../src/shared/ipc/views';

const notice = (id: string, at = 1): Notice => ({ id, kind: 'deprecation', message: `about ${id}`, at });

describe('notices shown to the user', () => {
  let cache: OfflineCache;
  beforeEach(() => {
    cache = openOfflineCache(':memory:');
  });
  afterEach(() => cache.close());

  it('shows each notice once, oldest first, and tells subscribers', () => {
    const board = createNoticeBoard(cache.settings);
    const seen: string[] = [];
    board.subscribe((n) => seen.push(n.id));
    expect(board.add(notice('b', 2))).toBe(true);
    expect(board.add(notice('a', 1))).toBe(true);
    expect(board.add(notice('b', 3))).toBe(false);
    expect(board.list().map((n) => n.id)).toEqual(['a', 'b']);
    expect(seen).toEqual(['b', 'a']);
  });

  it('keeps a dismissed notice dismissed after a restart', () => {
    const first = createNoticeBoard(cache.settings);
    first.add(notice('deprecation:GET /asset'));
    first.dismiss('deprecation:GET /asset');
    expect(first.list()).toEqual([]);
    const afterRestart = createNoticeBoard(cache.settings);
    expect(afterRestart.add(notice('deprecation:GET /asset'))).toBe(false);
    expect(afterRestart.list()).toEqual([]);
  });

  it('withdraws a notice that is no longer true, telling subscribers, without remembering it as dismissed', () => {
    const board = createNoticeBoard(cache.settings);
    const withdrawn: string[] = [];
    board.onWithdrawn((id) => withdrawn.push(id));
    board.add(notice('session:ended:1'));
    board.withdraw('session:ended:1');
    board.withdraw('never-shown');
    expect(board.list()).toEqual([]);
    expect(withdrawn).toEqual(['session:ended:1']);
    expect(cache.settings.getValue('notices.dismissed')).toBeUndefined();
  });

  it('ignores a damaged list of dismissed notices', () => {
    cache.settings.setValue('notices.dismissed', { not: 'a list' });
    const board = createNoticeBoard(cache.settings);
    expect(board.add(notice('x'))).toBe(true);
  });
});
