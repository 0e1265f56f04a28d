import { describe, expect, it } from 'vitest';
import {
  AlarmListModel,
  ALL_ALARMS,
  PAGE_SIZE,
} from '../../../src/renderer/src/features/alarms/alarm-list-model';
import { RowIndex } from '../../../src/renderer/src/features/alarms/alarm-rows';
import type { AlarmFilter } from '../../../src/shared/ipc/alarm-views';
import { FakeInbox } from '../support/fake-inbox';
import { simFleet } from '../support/sim-fleet';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

function model(count: number): { m: AlarmListModel; inbox: FakeInbox; asked: AlarmFilter[] } {
  const inbox = new FakeInbox({ assets: simFleet(20).assets, count, now: NOW });
  const asked: AlarmFilter[] = [];
  const m = new AlarmListModel(
    async (filter) => {
      asked.push(filter);
      return inbox.list(filter);
    },
    () => undefined,
  );
  return { m, inbox, asked };
}

describe('the inbox rows', () => {
  it('lay out grouped sections as a header and their rows, an empty one not at all, a folded one as its header', () => {
    const rows = new RowIndex(
      [
        { severity: 'critical', total: 3, collapsed: false },
        { severity: 'warning', total: 0, collapsed: false },
        { severity: 'info', total: 2, collapsed: true },
      ],
      true,
    );
    expect(rows.count).toBe(5);
    expect([0, 1, 3, 4].map((i) => rows.at(i))).toEqual([
      { kind: 'header', section: 0 },
      { kind: 'alarm', section: 0, offset: 0 },
      { kind: 'alarm', section: 0, offset: 2 },
      { kind: 'header', section: 2 },
    ]);
    expect(rows.at(5)).toBeNull();
    expect(rows.indexOf(0, 2)).toBe(3);
    expect(rows.indexOf(2, 0)).toBe(-1);
  });

  it('lay out one ungrouped list without headers', () => {
    const rows = new RowIndex([{ severity: null, total: 100_000, collapsed: false }], false);
    expect(rows.count).toBe(100_000);
    expect(rows.at(99_999)).toEqual({ kind: 'alarm', section: 0, offset: 99_999 });
  });
});

describe('the inbox list model', () => {
  it('asks for one page per severity to learn the totals, then only the pages scrolled into view', async () => {
    const { m, inbox, asked } = model(2_000);
    await m.setQuery(ALL_ALARMS, true);
    expect(asked.map((f) => f.severities)).toEqual([['critical'], ['warning'], ['info']]);
    const totals = m.rows().sections.map((s) => s.total);
    expect(totals.reduce((a, b) => a + b)).toBe(2_000);
    expect(totals[0]).toBe(inbox.list({ severities: ['critical'] }).total);

    asked.length = 0;
    const start = m.rows().startOf(1);
    await m.show(start + 250, start + 270);
    expect(asked).toEqual([{ severities: ['warning'], limit: PAGE_SIZE, offset: 2 * PAGE_SIZE }]);
    const row = m.rows().at(start + 260);
    if (row?.kind !== 'alarm') throw new Error('expected an alarm row');
    expect(row.offset).toBe(259);
    expect(m.alarmAt(row.section, row.offset)).toEqual(
      inbox.list({ severities: ['warning'], limit: 500 }).alarms[259],
    );
    // Shown again: nothing is asked twice.
    await m.show(start + 250, start + 270);
    expect(asked).toHaveLength(1);
  });

  it('passes every filter to the core as the contract names it', async () => {
    const { m, asked } = model(50);
    await m.setQuery(
      {
        severities: ['critical', 'info'],
        kinds: ['power_cut'],
        assetIds: [3, 4],
        acknowledged: 'unacknowledged',
        search: ' reefer ',
      },
      false,
    );
    expect(asked).toEqual([
      {
        severities: ['critical', 'info'],
        kinds: ['power_cut'],
        assetIds: [3, 4],
        acknowledged: false,
        search: 'reefer',
        limit: PAGE_SIZE,
        offset: 0,
      },
    ]);
  });

  it('keeps what it shows while the inbox changes, and swaps it when the refetch answers', async () => {
    const { m, inbox } = model(300);
    await m.setQuery(ALL_ALARMS, false);
    await m.show(0, 20);
    const before = m.alarmAt(0, 0);
    const fresh = inbox.raise({ kind: 'engine_fault', severity: 'critical', raisedAt: NOW + 1000 });
    const refreshing = m.refresh();
    expect(m.alarmAt(0, 0)).toBe(before);
    await refreshing;
    expect(m.rows().count).toBe(301);
    expect(m.alarmAt(0, 0)).toEqual(fresh);
    expect(m.alarmAt(0, 1)).toEqual(before);
  });

  it('drops an answer to a filter the operator has already changed', async () => {
    const inbox = new FakeInbox({ assets: simFleet(5).assets, count: 40, now: NOW });
    const slow: ((v: void) => void)[] = [];
    const m = new AlarmListModel(
      async (filter) => {
        if (filter.kinds?.includes('overspeed')) await new Promise((r) => slow.push(r));
        return inbox.list(filter);
      },
      () => undefined,
    );
    const first = m.setQuery({ ...ALL_ALARMS, kinds: ['overspeed'] }, false);
    await m.setQuery({ ...ALL_ALARMS, kinds: ['power_cut'] }, false);
    slow.forEach((r) => r());
    await first;
    expect(m.rows().sections[0]!.total).toBe(inbox.list({ kinds: ['power_cut'] }).total);
    expect(m.alarmAt(0, 0)?.kind).toBe('power_cut');
  });

  it('puts an acknowledgement in place, and refetches when the list filters on it', async () => {
    const { m, inbox } = model(30);
    await m.setQuery(ALL_ALARMS, false);
    const a = m.alarmAt(0, 0)!;
    const [done] = inbox.acknowledge([a.key], 'seen', NOW).acknowledged;
    await m.patch([done!]);
    expect(m.alarmAt(0, 0)?.acknowledgement?.comment).toBe('seen');

    await m.setQuery({ ...ALL_ALARMS, acknowledged: 'unacknowledged' }, false);
    const open = m.rows().count;
    const next = m.alarmAt(0, 0)!;
    const [acked] = inbox.acknowledge([next.key], undefined, NOW).acknowledged;
    await m.patch([acked!]);
    expect(m.rows().count).toBe(open - 1);
    expect(m.alarmAt(0, 0)?.key).not.toBe(next.key);
  });

  it('loads the pages a shift-selection spans before answering its alarms', async () => {
    const { m } = model(1_000);
    await m.setQuery(ALL_ALARMS, false);
    const range = await m.alarmsBetween(90, 420);
    expect(range).toHaveLength(331);
    expect(new Set(range.map((a) => a.key)).size).toBe(331);
  });

  it('says why the inbox could not be read', async () => {
    const m = new AlarmListModel(
      () => Promise.reject(new Error('Alarms are not available yet')),
      () => undefined,
    );
    await m.setQuery(ALL_ALARMS, true);
    expect(m.error).toBe('Alarms are not available yet');
    expect(m.rows().count).toBe(0);
  });
});
