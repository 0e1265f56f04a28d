import type { z } from 'zod';
import {
  assetGroupBodySchema,
  fuelEntryBodySchema,
  issuesToFieldErrors,
  mobilityLinkRequestSchema,
  odometerEntryBodySchema,
  renewalReminderBodySchema,
  serviceReminderBodySchema,
  tagRequestSchema,
} from '../../../src/shared/interface';
import type {
  AssetGroup,
  AssetPhotoView,
  CachedList,
  FuelEntry,
  FuelTotals,
  MobilityLink,
  OdometerEntry,
  RecordFamily,
  RenewalReminderView,
  ServiceReminderView,
  Tag,
  TrackerCommand,
} from '../../../src/shared/ipc';
import { renewalReminderDue, serviceReminderDue } from '../../../src/shared/maintenance/reminder-due';
import { FakeIpcError, type FakeBridge } from './fake-bridge';
import type { SimFleet } from './sim-fleet';

/** How long the fake's trackers take to acknowledge a command (the local service: 5 s). */
const ACK_AFTER_MS = 1_000;

interface Options {
  readonly fleet: SimFleet;
  readonly now: number;
  readonly offline: boolean;
}

/**
 * The spec 4.3 families of the contract (fleet-admin-contract.ts) as main
 * answers them, in memory: bodies are parsed with the service's schemas (a bad
 * field is an invalid_request naming it), lists are stamped with `now`, and
 * offline the lists come "from the cache" and every write is refused.
 */
export function withFleetRecords(bridge: FakeBridge, options: Options): FakeBridge {
  const { fleet, now, offline } = options;
  const iso = new Date(now).toISOString();
  const today = iso.slice(0, 10);
  let nextId = 1;
  const groups: AssetGroup[] = [];
  const service: ServiceReminderView[] = [];
  const renewals: RenewalReminderView[] = [];
  const odometer: OdometerEntry[] = [];
  const fuel: FuelEntry[] = [];
  const tags: Tag[] = [];
  const links: MobilityLink[] = [];
  const commands: TrackerCommand[] = [];
  const photos = new Map<number, AssetPhotoView>();

  const list = <T>(items: readonly T[]): CachedList<T> => ({
    items: [...items],
    fetchedAt: now,
    fromCache: offline,
  });
  const write = (): void => {
    if (offline)
      throw new FakeIpcError({
        code: 'offline',
        message: 'The service cannot be reached: nothing was changed.',
      });
  };
  const parse = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
    write();
    const r = schema.safeParse(body);
    if (!r.success)
      throw new FakeIpcError({
        code: 'invalid_request',
        message: 'The given data was invalid.',
        details: issuesToFieldErrors(r.error.issues),
      });
    return r.data;
  };
  const meta = (id?: number) => ({ id: id ?? nextId++, created_at: iso, updated_at: iso });
  const byAsset = <T extends { asset_id: number }>(items: readonly T[], assetId?: number): T[] =>
    assetId === undefined ? [...items] : items.filter((x) => x.asset_id === assetId);
  const replace = <T extends { id: number }>(items: T[], next: T): T => {
    const i = items.findIndex((x) => x.id === next.id);
    if (i < 0) throw new FakeIpcError({ code: 'not_found', message: `No record ${next.id}.` });
    items[i] = next;
    return next;
  };
  const remove = <T extends { id: number }>(items: T[], id: number): null => {
    write();
    const i = items.findIndex((x) => x.id === id);
    if (i < 0) throw new FakeIpcError({ code: 'not_found', message: `No record ${id}.` });
    items.splice(i, 1);
    return null;
  };
  const changed = (family: RecordFamily): void => {
    setTimeout(() => bridge.emit('records.changed', { family }), 0);
  };
  const serviceView = (r: z.output<typeof serviceReminderBodySchema>, id?: number): ServiceReminderView => {
    const base = { ...r, ...meta(id) };
    return { ...base, due: serviceReminderDue(base, today, null) };
  };
  const renewalView = (r: z.output<typeof renewalReminderBodySchema>, id?: number): RenewalReminderView => {
    const base = { ...r, ...meta(id) };
    return { ...base, due: renewalReminderDue(base, today) };
  };
  const totals = (entries: readonly FuelEntry[]): FuelTotals => {
    const costs = new Map<string | null, number>();
    for (const e of entries)
      if (e.cost !== undefined) costs.set(e.currency ?? null, (costs.get(e.currency ?? null) ?? 0) + e.cost);
    return {
      entries: entries.length,
      liters: entries.reduce((sum, e) => sum + e.liters, 0),
      costs: [...costs].map(([currency, amount]) => ({ currency, amount })),
    };
  };
  const command = (
    trackerId: number,
    type: TrackerCommand['type'],
    parameters: TrackerCommand['parameters'],
  ) => {
    write();
    const asset = fleet.assets.find((a) => a.tracker?.id === trackerId);
    if (!asset) throw new FakeIpcError({ code: 'not_found', message: `No tracker with id ${trackerId}.` });
    const c: TrackerCommand = {
      id: nextId++,
      tracker_id: trackerId,
      asset_id: asset.id,
      type,
      parameters,
      status: 'sent',
      created_at: new Date().toISOString(),
      acknowledged_at: null,
      created_by: 1,
    };
    commands.unshift(c);
    setTimeout(() => {
      const i = commands.findIndex((x) => x.id === c.id);
      commands[i] = { ...c, status: 'acknowledged', acknowledged_at: new Date().toISOString() };
      bridge.emit('records.changed', { family: 'trackerCommands', trackerId });
    }, ACK_AFTER_MS);
    return c;
  };

  return bridge
    .handle('access.get', {
      wholeFleet: true,
      may: {
        wholeFleetAlert: { allowed: true, reason: null },
        linkWholeAccount: { allowed: true, reason: null },
      },
    })
    .handle('groups.list', () => list(groups))
    .handle('groups.create', (a) => {
      const g = { ...parse(assetGroupBodySchema, a?.body), ...meta() };
      groups.push(g);
      changed('groups');
      return g;
    })
    .handle('groups.update', (a) => {
      const g = replace(groups, { ...parse(assetGroupBodySchema, a?.body), ...meta(a?.id) });
      changed('groups');
      return g;
    })
    .handle('groups.remove', (a) => {
      remove(groups, a?.id ?? 0);
      changed('groups');
      return null;
    })
    .handle('groups.assign', (a) => {
      write();
      const g = groups.find((x) => x.id === a?.groupId);
      if (!g) throw new FakeIpcError({ code: 'not_found', message: `No group ${a?.groupId}.` });
      const ids = new Set(g.asset_ids);
      for (const id of a?.add ?? []) ids.add(id);
      for (const id of a?.remove ?? []) ids.delete(id);
      const next = replace(groups, { ...g, asset_ids: [...ids], updated_at: iso });
      changed('groups');
      return next;
    })
    .handle('drivers.list', () =>
      list(fleet.assets.map((asset, i) => ({ id: 100 + i, name: `Driver ${i + 1}`, asset_ids: [asset.id] }))),
    )
    .handle('trackers.reset', (a) => command(a?.trackerId ?? 0, 'reset', { mode: a?.mode ?? 'soft' }))
    .handle('trackers.setBle', (a) => {
      const c = command(a?.trackerId ?? 0, a?.enabled ? 'ble_on' : 'ble_off', {
        enabled: a?.enabled ?? false,
      });
      return {
        tracker_id: c.tracker_id,
        ble_enabled: a?.enabled ?? false,
        updated_at: c.created_at,
        command_id: c.id,
      };
    })
    .handle('trackers.commands', (a) => {
      const mine = commands.filter((c) => c.tracker_id === a?.trackerId);
      const ble = mine.find((c) => c.type !== 'reset');
      return {
        ...list(mine),
        trackerId: a?.trackerId ?? 0,
        bleEnabled: ble ? ble.type === 'ble_on' : null,
        pending: mine.some((c) => c.status === 'sent'),
      };
    })
    .handle('serviceReminders.list', (a) => list(byAsset(service, a?.assetId)))
    .handle('serviceReminders.create', (a) => {
      const r = serviceView(parse(serviceReminderBodySchema, a?.body));
      service.push(r);
      changed('serviceReminders');
      return r;
    })
    .handle('serviceReminders.update', (a) =>
      replace(service, serviceView(parse(serviceReminderBodySchema, a?.body), a?.id)),
    )
    .handle('serviceReminders.remove', (a) => remove(service, a?.id ?? 0))
    .handle('renewalReminders.list', (a) => list(byAsset(renewals, a?.assetId)))
    .handle('renewalReminders.create', (a) => {
      const r = renewalView(parse(renewalReminderBodySchema, a?.body));
      renewals.push(r);
      changed('renewalReminders');
      return r;
    })
    .handle('renewalReminders.update', (a) =>
      replace(renewals, renewalView(parse(renewalReminderBodySchema, a?.body), a?.id)),
    )
    .handle('renewalReminders.remove', (a) => remove(renewals, a?.id ?? 0))
    .handle('reminders.done', (a) => {
      if (a?.kind === 'renewal') {
        const r = renewals.find((x) => x.id === a.id);
        if (r && a.nextDueDate)
          return { next: replace(renewals, renewalView({ ...r, due_date: a.nextDueDate }, r.id)) };
        remove(renewals, a.id);
        return { next: null };
      }
      remove(service, a?.id ?? 0);
      return { next: null };
    })
    .handle('reminders.badges', () => {
      const badges = new Map<number, { assetId: number; overdue: number; dueSoon: number }>();
      for (const r of [...service, ...renewals]) {
        const b = badges.get(r.asset_id) ?? { assetId: r.asset_id, overdue: 0, dueSoon: 0 };
        if (r.due.status === 'overdue') b.overdue++;
        if (r.due.status === 'due_soon') b.dueSoon++;
        if (b.overdue + b.dueSoon > 0) badges.set(r.asset_id, b);
      }
      return [...badges.values()];
    })
    .handle('odometer.list', (a) => list(byAsset(odometer, a?.assetId)))
    .handle('odometer.add', (a) => {
      const e = { ...parse(odometerEntryBodySchema, a?.body), ...meta() };
      odometer.push(e);
      changed('odometer');
      return e;
    })
    .handle('fuel.list', (a) => {
      const items = byAsset(fuel, a?.assetId);
      return { ...list(items), totals: totals(items) };
    })
    .handle('fuel.add', (a) => {
      const e = { ...parse(fuelEntryBodySchema, a?.body), ...meta() };
      fuel.push(e);
      changed('fuel');
      return e;
    })
    .handle('fuel.update', (a) => replace(fuel, { ...parse(fuelEntryBodySchema, a?.body), ...meta(a?.id) }))
    .handle('fuel.remove', (a) => remove(fuel, a?.id ?? 0))
    .handle('photos.upload', (a) => {
      write();
      if (!a?.file) return null;
      const view: AssetPhotoView = {
        assetId: a.assetId,
        contentType: 'image/png',
        size: Math.floor((a.file.base64.length * 3) / 4),
        dataUrl: `data:image/png;base64,${a.file.base64}`,
        fetchedAt: now,
        fromCache: false,
      };
      photos.set(a.assetId, view);
      return view;
    })
    .handle('photos.get', (a) => photos.get(a?.assetId ?? 0) ?? null)
    .handle('tags.list', () => list(tags))
    .handle('tags.create', (a) => {
      const t = { ...parse(tagRequestSchema, a?.body), id: nextId++, created_at: iso };
      tags.push(t);
      return t;
    })
    .handle('tags.update', (a) => {
      const old = tags.find((t) => t.id === a?.id);
      return replace(tags, {
        ...parse(tagRequestSchema, a?.body),
        id: a?.id ?? 0,
        created_at: old?.created_at ?? iso,
      });
    })
    .handle('mobility.list', () => list(links))
    .handle('mobility.link', (a) => {
      const r = parse(mobilityLinkRequestSchema, a?.request);
      const existing = links.find(
        (l) => l.provider === r.provider && l.external_account_id === r.external_account_id,
      );
      if (existing) return { link: existing, created: false };
      const link: MobilityLink = {
        id: nextId++,
        provider: r.provider,
        external_account_id: r.external_account_id,
        asset_ids: r.asset_ids ?? null,
        status: 'linked',
        linked_at: iso,
      };
      links.push(link);
      return { link, created: true };
    });
}
