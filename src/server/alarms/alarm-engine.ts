import { z } from 'zod';
import {
  ALARM_RAISED_EVENT,
  accountChannelName,
  circleShapeSchema,
  geofenceBodySchema,
  polygonShapeSchema,
} from '../../shared/interface';
import type { ServiceContext } from '../context';
import type { FleetStores } from '../fleet/fleet-stores';
import { ALERT_PATH } from './alert-resource';
import { activeRules, ruleBook, type AlarmRule, type RuleBook } from './alarm-rules';
import {
  evaluateAsset,
  fixBefore,
  usesPositions,
  type EvaluationScope,
  type FixState,
  type RaisedAlarm,
} from './alarm-evaluator';
import type { StoredAlarm } from './alarm-store';
import { alarmView } from './alarm-view';
import { seedDemoRules } from './demo-rules';
import { GEOFENCE_PATH } from './geofence-resource';
import { indexGeofences, type IndexedGeofence } from '../../shared/geo/geofence-index';

/** How far back a restart evaluates the time the service was stopped. */
export const BACKFILL_LIMIT_MS = 24 * 3_600_000;
/** A back-fill is evaluated and committed in steps of this much simulated time, yielding in between. */
const BACKFILL_STEP_MS = 15 * 60_000;
/**
 * Assets evaluated between two turns of the event loop. A window of 50,000 assets is about a second of work
 * here; in one piece it held every socket frame and HTTP answer of the service that long at every tick.
 */
const ASSETS_PER_SLICE = 1_000;
/** The demo rules are written by the account's first user (docs/interface-decisions.md). */
const DEMO_RULES_AUTHOR = 1;

/**
 * A stored geofence as the engine reads it back, at every change of a rule or geofence and at start: its
 * fields are checked, but not again whether the outline crosses itself. That was refused when it was
 * written; checking every stored outline again at every change is work repeated for nothing (tens of
 * milliseconds for a 10,000-point one, polygon-validity.ts).
 */
const storedGeofenceSchema = geofenceBodySchema.extend({
  shape: z.discriminatedUnion('type', [z.object(polygonShapeSchema.shape), circleShapeSchema]),
});

const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

export interface AlarmEngineOptions {
  readonly tickMs: number;
}

/**
 * The alarm engine (docs/interface-decisions.md "Alarms and geofences"):
 * every tick it evaluates the enabled alert rules over the time since the
 * last tick — the trackers' fixes in that window against every geofence
 * (through the R-tree), and the simulator's incidents — stores what they raise
 * together with the instant it evaluated up to, and sends `alarm.raised`.
 *
 * Evaluation is a pure function of the window (alarm-evaluator.ts), so after a
 * restart with the same data directory the engine resumes at the stored
 * instant: what happened while it was stopped (up to BACKFILL_LIMIT_MS) is
 * raised then, and nothing is raised twice.
 */
export class AlarmEngine {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private until = 0;
  private revision = '';
  private rules: AlarmRule[] = [];
  private book: RuleBook = ruleBook([]);
  private scope: EvaluationScope;
  /** Each asset's last fix evaluated; absent: not known (found again when a position rule needs it). */
  private readonly prev = new Map<number, FixState | null>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly stores: FleetStores,
    private readonly opts: AlarmEngineOptions,
  ) {
    this.scope = { fleet: ctx.fleet, geofences: indexGeofences([]), geofenceNames: new Map() };
  }

  /** Seeds a new data directory's demo rules, back-fills the time the service was stopped, then ticks. */
  async start(): Promise<void> {
    const alarms = this.stores.alarms;
    const now = this.ctx.now();
    if (!alarms.demoSeeded()) {
      seedDemoRules(this.stores.records, this.ctx.fleet, DEMO_RULES_AUTHOR, now);
      alarms.markDemoSeeded();
    }
    const stored = alarms.evaluatedUntil();
    if (stored === null) alarms.record([], now);
    this.until = stored === null ? now : Math.max(stored, now - BACKFILL_LIMIT_MS);
    this.stopped = false;
    this.running = this.evaluateUntil(now, BACKFILL_STEP_MS);
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Evaluates (until, t] in steps of at most `stepMs`, committing and publishing each step. */
  private async evaluateUntil(t: number, stepMs: number): Promise<void> {
    while (this.until < t && !this.stopped) {
      const to = Math.min(t, this.until + stepMs);
      await this.evaluateWindow(this.until + 1, to);
      // Between steps of a long back-fill, HTTP requests and socket frames get their turn.
      if (to < t) await nextTurn();
    }
  }

  /**
   * One window [from, to]: evaluated in slices of the fleet (the rules and geofences as they were when it
   * began), stored with the new mark in one transaction, then published. Once begun it is finished, stop or
   * not, so the mark and each asset's last fix never disagree.
   */
  private async evaluateWindow(from: number, to: number): Promise<void> {
    this.reloadIfChanged();
    const { rules: active, book, scope } = this;
    const raised: RaisedAlarm[] = [];
    const assets = active.length > 0 ? this.ctx.fleet.assets : [];
    for (let i = 0; i < assets.length; i++) {
      if (i > 0 && i % ASSETS_PER_SLICE === 0) await nextTurn();
      const asset = assets[i]!;
      const rules = book.forAsset(asset.id);
      if (rules.size === 0) continue;
      const positions = usesPositions(rules);
      let prev = this.prev.get(asset.id);
      if (prev === undefined && positions) prev = fixBefore(this.ctx.fleet, asset, from - 1);
      try {
        const out = evaluateAsset(scope, asset, rules, from, to, prev ?? null);
        raised.push(...out.alarms);
        if (positions) this.prev.set(asset.id, out.last);
        else this.prev.delete(asset.id);
      } catch (err) {
        // One asset the simulator cannot evaluate must not stop the alarms of the rest of the fleet.
        this.ctx.log.error('alarm evaluation failed for an asset', { assetId: asset.id, err: String(err) });
      }
    }
    raised.sort((a, b) => a.raisedAt - b.raisedAt || a.assetId - b.assetId || a.ruleId - b.ruleId);
    const stored = this.stores.alarms.record(raised, to);
    this.until = to;
    this.publish(stored);
  }

  private publish(stored: readonly StoredAlarm[]): void {
    if (stored.length === 0) return;
    this.ctx.publishForAssets(
      accountChannelName(this.ctx.account.key),
      ALARM_RAISED_EVENT,
      stored.map((a) => ({ assetId: a.assetId, data: alarmView(this.ctx.fleet, a) })),
      true,
    );
  }

  /** Rules and geofences are read again after one of them was written; the R-tree is rebuilt then. */
  private reloadIfChanged(): void {
    const records = this.stores.records;
    const revision = `${records.revision(ALERT_PATH)}/${records.revision(GEOFENCE_PATH)}`;
    if (revision === this.revision) return;
    this.revision = revision;
    this.rules = activeRules(records.list(ALERT_PATH));
    this.book = ruleBook(this.rules);
    const geofences: IndexedGeofence[] = [];
    for (const r of records.list(GEOFENCE_PATH)) {
      const body = storedGeofenceSchema.safeParse(r.body);
      if (body.success) geofences.push({ id: r.id, name: body.data.name, shape: body.data.shape });
    }
    this.scope = {
      fleet: this.ctx.fleet,
      geofences: indexGeofences(geofences),
      geofenceNames: new Map(geofences.map((g) => [g.id, g.name])),
    };
    // Which geofences held the last fixes is asked again of the new shapes: a new geofence is a baseline, not a crossing.
    for (const f of this.prev.values()) if (f) f.inside = null;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.evaluateUntil(this.ctx.now(), BACKFILL_STEP_MS)
        .catch((err: unknown) => this.ctx.log.error('alarm tick failed', { err: String(err) }))
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.opts.tickMs);
    this.timer.unref();
  }
}
