import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineCache, type OfflineCache } from '../../../src/main/core/cache/offline-cache';
import { LocalReportError } from '../../../src/main/core/reports/local-report-error';
import { createReportBook, type ReportBook } from '../../../src/main/core/reports/report-book';
import type { LocalReport } from '../../../src/shared/ipc/views';

const report = (localId: string, createdAt: number, extra: Partial<LocalReport> = {}): LocalReport => ({
  localId,
  reportId: null,
  request: {
    type: 'trip',
    format: 'json',
    asset_id: 1,
    date_from: '2026-11-01',
    date_to: '2026-11-01',
    priority: 'standard',
  },
  title: 'Trips',
  state: 'waiting',
  queuePosition: null,
  progress: 0,
  errorMessage: null,
  retryAt: null,
  createdAt,
  completedAt: null,
  servedFromCache: false,
  file: null,
  ...extra,
});

describe('report book', () => {
  let cache: OfflineCache;
  let told: string[];
  let book: ReportBook;

  const open = (): ReportBook =>
    createReportBook({
      store: cache.reports,
      onChanged: (r) => told.push(`renderer ${r.localId} ${r.state}`),
      onRemoved: (id) => told.push(`renderer removed ${id}`),
    });

  beforeEach(() => {
    cache = openOfflineCache(':memory:');
    told = [];
    book = open();
  });
  afterEach(() => cache.close());

  it('keeps memory as the disk has it when a save or a removal fails', () => {
    book.put(report('a', 1));
    const failing = createReportBook({
      store: {
        ...cache.reports,
        save: () => {
          throw new Error('database or disk is full');
        },
        remove: () => {
          throw new Error('database or disk is full');
        },
      },
      onChanged: (r) => told.push(`renderer ${r.localId} ${r.state}`),
      onRemoved: (id) => told.push(`renderer removed ${id}`),
    });
    failing.load((r) => r);
    told = [];
    expect(() => failing.put({ ...failing.find('a'), state: 'submitting' })).toThrow(/disk is full/);
    expect(failing.find('a').state).toBe('waiting');
    expect(() => failing.remove('a')).toThrow(/disk is full/);
    expect(failing.find('a').state).toBe('waiting');
    expect(told).toEqual([]);
  });

  it('saves every change before anyone hears of it, the renderer first', () => {
    book.subscribe((next, prev) => {
      expect(cache.reports.get(next.localId)).toEqual(next);
      told.push(`core ${next.localId} ${prev?.state ?? 'new'}→${next.state}`);
    });
    book.put(report('a', 1));
    book.update('a', (r) => ({ ...r, state: 'submitting' }));
    expect(book.update('nobody', (r) => r)).toBeNull();
    expect(told).toEqual([
      'renderer a waiting',
      'core a new→waiting',
      'renderer a submitting',
      'core a waiting→submitting',
    ]);
  });

  it('tells nobody when nothing changed', () => {
    const a = book.put(report('a', 1));
    book.put(a);
    book.update('a', (r) => r);
    expect(told).toEqual(['renderer a waiting']);
  });

  it('lists oldest first and finds reports by local or service id', () => {
    book.put(report('late', 20));
    book.put(report('early', 10, { reportId: 'svc-1' }));
    expect(book.list().map((r) => r.localId)).toEqual(['early', 'late']);
    expect(book.byReportId('svc-1')?.localId).toBe('early');
    expect(book.byReportId('svc-2')).toBeUndefined();
    expect(() => book.find('gone')).toThrow(
      new LocalReportError('not_found', 'There is no such report here.'),
    );
  });

  it('removes a report from memory and the cache, and says so', () => {
    book.put(report('a', 1));
    book.remove('a');
    book.remove('a');
    expect(book.list()).toEqual([]);
    expect(cache.reports.get('a')).toBeNull();
    expect(told).toEqual(['renderer a waiting', 'renderer removed a']);
  });

  it('picks up what a previous run left, adjusted once and saved', () => {
    book.put(report('sent', 1, { state: 'queued', reportId: 'svc-1' }));
    book.put(report('cut', 2, { state: 'submitting' }));
    const next = open();
    next.load((r) => (r.state === 'submitting' ? { ...r, state: 'waiting' } : r));
    expect(next.list().map((r) => [r.localId, r.state])).toEqual([
      ['sent', 'queued'],
      ['cut', 'waiting'],
    ]);
    expect(cache.reports.get('cut')?.state).toBe('waiting');
  });

  it('changes nothing once closed: answers still in flight after the app stops', () => {
    const a = book.put(report('a', 1));
    book.close();
    book.put({ ...a, state: 'failed' });
    book.remove('a');
    expect(book.find('a').state).toBe('waiting');
    expect(cache.reports.get('a')?.state).toBe('waiting');
    expect(told).toEqual(['renderer a waiting']);
  });
});
