import type { AlarmKind, AlarmSeverity } from '../../../../shared/interface';
import type { AlarmFilter, AlarmPage, InboxAlarm } from '../../../../shared/ipc/alarm-views';
import { SEVERITY_ORDER } from './alarm-format';
import { RowIndex, type SectionShape } from './alarm-rows';

/** What the operator narrowed the inbox to; empty arrays and blank text narrow nothing. */
export interface AlarmQuery {
  readonly severities: readonly AlarmSeverity[];
  readonly kinds: readonly AlarmKind[];
  readonly assetIds: readonly number[];
  readonly acknowledged: 'all' | 'unacknowledged' | 'acknowledged';
  readonly search: string;
}

export const ALL_ALARMS: AlarmQuery = {
  severities: [],
  kinds: [],
  assetIds: [],
  acknowledged: 'all',
  search: '',
};

/** Rows fetched per call: a screenful or two, well under the contract's ALARM_PAGE_MAX. */
export const PAGE_SIZE = 100;

export type FetchPage = (filter: AlarmFilter) => Promise<AlarmPage>;

interface Section {
  readonly severity: AlarmSeverity | null;
  total: number;
  collapsed: boolean;
  readonly pages: Map<number, readonly InboxAlarm[]>;
  /** Pages shown until their refetch answers (the inbox changed under them). */
  readonly stale: Set<number>;
  readonly inflight: Set<number>;
}

/** The filter of one section's page. */
export function filterFor(query: AlarmQuery, severity: AlarmSeverity | null, page: number): AlarmFilter {
  const search = query.search.trim();
  return {
    ...(severity
      ? { severities: [severity] }
      : query.severities.length
        ? { severities: [...query.severities] }
        : {}),
    ...(query.kinds.length ? { kinds: [...query.kinds] } : {}),
    ...(query.assetIds.length ? { assetIds: [...query.assetIds] } : {}),
    ...(query.acknowledged === 'all' ? {} : { acknowledged: query.acknowledged === 'acknowledged' }),
    ...(search ? { search } : {}),
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  };
}

/**
 * The inbox as the list shows it: the core keeps every alarm (SQLite) and
 * answers pages of a filter, newest first; this keeps the pages the list has
 * looked at, per severity group, and fetches what scrolls into view. When the
 * inbox changes (a push), what is on screen stays until its refetch answers,
 * so the list never blanks. Answers to an older query are dropped.
 */
export class AlarmListModel {
  private sections: Section[] = [];
  private query: AlarmQuery = ALL_ALARMS;
  private grouped = true;
  private generation = 0;
  private index: RowIndex | null = null;
  private readonly collapsedBySeverity = new Set<AlarmSeverity>();
  /** The pages the list last showed, per section: refetched when the inbox changes. */
  private visible = new Map<number, Set<number>>();
  private lastError: string | null = null;

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly changed: () => void,
  ) {}

  get error(): string | null {
    return this.lastError;
  }

  get isGrouped(): boolean {
    return this.grouped;
  }

  get currentQuery(): AlarmQuery {
    return this.query;
  }

  /** A new filter or grouping: the totals are asked for at once, rows as they scroll into view. */
  async setQuery(query: AlarmQuery, grouped: boolean): Promise<void> {
    this.query = query;
    this.grouped = grouped;
    this.generation++;
    const severities = grouped
      ? SEVERITY_ORDER.filter((s) => query.severities.length === 0 || query.severities.includes(s))
      : [null];
    this.sections = severities.map((severity) => ({
      severity,
      total: 0,
      collapsed: severity !== null && this.collapsedBySeverity.has(severity),
      pages: new Map(),
      stale: new Set(),
      inflight: new Set(),
    }));
    this.visible = new Map();
    this.touch();
    await Promise.all(this.sections.map((_, k) => this.load(k, 0)));
  }

  rows(): RowIndex {
    this.index ??= new RowIndex(
      this.sections.map((s): SectionShape => ({
        severity: s.severity,
        total: s.total,
        collapsed: s.collapsed,
      })),
      this.grouped,
    );
    return this.index;
  }

  alarmAt(section: number, offset: number): InboxAlarm | undefined {
    return this.sections[section]?.pages.get(Math.floor(offset / PAGE_SIZE))?.[offset % PAGE_SIZE];
  }

  /** Every loaded alarm, for patching and lookups by key. */
  *loaded(): Generator<InboxAlarm> {
    for (const s of this.sections) for (const page of s.pages.values()) yield* page;
  }

  toggleCollapsed(section: number): void {
    const s = this.sections[section];
    if (!s?.severity) return;
    s.collapsed = !s.collapsed;
    if (s.collapsed) this.collapsedBySeverity.add(s.severity);
    else this.collapsedBySeverity.delete(s.severity);
    this.touch();
  }

  /** The list shows flat rows [from, to]: fetch the pages under them that are missing or stale. */
  async show(from: number, to: number): Promise<void> {
    const rows = this.rows();
    const wanted = new Map<number, Set<number>>();
    for (let i = Math.max(0, from); i <= Math.min(rows.count - 1, to); i++) {
      const row = rows.at(i);
      if (row?.kind !== 'alarm') continue;
      let pages = wanted.get(row.section);
      if (!pages) wanted.set(row.section, (pages = new Set()));
      pages.add(Math.floor(row.offset / PAGE_SIZE));
    }
    this.visible = wanted;
    await this.loadMissing(wanted);
  }

  /** Makes sure the alarms of flat rows [from, to] are loaded (a shift-click range), then answers them. */
  async alarmsBetween(from: number, to: number): Promise<InboxAlarm[]> {
    const rows = this.rows();
    const lo = Math.max(0, Math.min(from, to));
    const hi = Math.min(rows.count - 1, Math.max(from, to));
    const wanted = new Map<number, Set<number>>();
    for (let i = lo; i <= hi; i++) {
      const row = rows.at(i);
      if (row?.kind !== 'alarm' || this.alarmAt(row.section, row.offset)) continue;
      let pages = wanted.get(row.section);
      if (!pages) wanted.set(row.section, (pages = new Set()));
      pages.add(Math.floor(row.offset / PAGE_SIZE));
    }
    await this.loadMissing(wanted);
    const out: InboxAlarm[] = [];
    const now = this.rows();
    for (let i = lo; i <= Math.min(hi, now.count - 1); i++) {
      const row = now.at(i);
      const a = row?.kind === 'alarm' ? this.alarmAt(row.section, row.offset) : undefined;
      if (a) out.push(a);
    }
    return out;
  }

  /**
   * The inbox changed (alarms raised, or some acknowledged while the list
   * filters on it): every page is stale; the totals and what is on screen
   * are fetched again.
   */
  async refresh(): Promise<void> {
    for (const s of this.sections) for (const p of s.pages.keys()) s.stale.add(p);
    const wanted = new Map<number, Set<number>>();
    this.sections.forEach((_, k) => wanted.set(k, new Set([0, ...(this.visible.get(k) ?? [])])));
    await this.loadMissing(wanted);
  }

  /**
   * Alarms whose acknowledgement changed: replaced where loaded. When the
   * list filters on acknowledgement they may no longer belong, so it refreshes.
   */
  async patch(alarms: readonly InboxAlarm[]): Promise<void> {
    const byKey = new Map(alarms.map((a) => [a.key, a]));
    let hit = false;
    for (const s of this.sections)
      for (const [p, page] of s.pages)
        if (page.some((a) => byKey.has(a.key))) {
          s.pages.set(
            p,
            page.map((a) => byKey.get(a.key) ?? a),
          );
          hit = true;
        }
    if (hit) this.touch();
    if (this.query.acknowledged !== 'all') await this.refresh();
  }

  private async loadMissing(wanted: ReadonlyMap<number, ReadonlySet<number>>): Promise<void> {
    const jobs: Promise<void>[] = [];
    for (const [k, pages] of wanted) {
      const s = this.sections[k];
      if (!s) continue;
      for (const p of pages)
        if ((!s.pages.has(p) || s.stale.has(p)) && !s.inflight.has(p)) jobs.push(this.load(k, p));
    }
    await Promise.all(jobs);
  }

  private async load(k: number, page: number): Promise<void> {
    const s = this.sections[k];
    if (!s) return;
    const generation = this.generation;
    s.inflight.add(page);
    try {
      const answer = await this.fetchPage(filterFor(this.query, s.severity, page));
      if (generation !== this.generation) return;
      this.lastError = null;
      if (answer.total !== s.total) {
        // The inbox grew or shrank since the other pages came: they may have shifted.
        for (const p of s.pages.keys()) if (p !== page) s.stale.add(p);
        s.total = answer.total;
        const shown = this.visible.get(k);
        if (shown) void this.loadMissing(new Map([[k, shown]]));
      }
      s.pages.set(page, answer.alarms);
      s.stale.delete(page);
    } catch (err) {
      if (generation !== this.generation) return;
      this.lastError = err instanceof Error ? err.message : String(err);
    } finally {
      if (generation === this.generation) s.inflight.delete(page);
      this.touch();
    }
  }

  private touch(): void {
    this.index = null;
    this.changed();
  }
}
