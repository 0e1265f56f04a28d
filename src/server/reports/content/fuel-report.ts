import type { BuildContext, ReportDocument, ReportRow } from '../report-document';
import { NoDataError } from '../report-document';
import type { FuelEvent } from '../../sim/types';
import { placeName } from './place-names';
import { matchRefills } from './refill-matching';
import { dailyDistances, groupByDay, sum } from './report-data';
import { column, latColumn, lonColumn, round, summaryItem, timeColumn } from './report-fields';
import { reportDocument } from './report-frame';
import { describePeriod, periodOf } from './report-period';
import { assetRef, requireAsset } from './report-subject';
import { gappedLineSeries } from './series-thinning';

const DAY_MS = 86_400_000;
const per100 = (liters: number, km: number): number | null =>
  km > 0.5 ? round((liters / km) * 100, 1) : null;
const litres = (events: readonly FuelEvent[]): number => sum(events.map((e) => e.liters));

/**
 * spec 2.5 fuel: consumption = level at the start − level at the end +
 * refills − suspected drains, per day and for the period; l/100 km over the
 * distance of the same days (dailyDistanceKm, as in the mileage reports).
 * Refills are the tank sensor's; those operators entered (spec 4.3
 * fuel-entry) are listed beside them, matched where they are the same refill
 * (refill-matching.ts), and counted per day and in the summary, without
 * changing consumption, which the sensor measures
 * (docs/interface-decisions.md "Report content").
 */
export function buildFuelReport(ctx: BuildContext): ReportDocument {
  const { fleet, request } = ctx;
  const asset = requireAsset(fleet, request.asset_id);
  const period = periodOf(ctx);
  const firstLevel = new Map<number, number>();
  const lastLevel = new Map<number, number>();
  const levels: [number, number][] = [];
  fleet.forEachSample(asset.id, period.start, period.end, (s) => {
    const day = s.t - (s.t % DAY_MS);
    if (!firstLevel.has(day)) firstLevel.set(day, s.fuelLiters);
    lastLevel.set(day, s.fuelLiters);
    levels.push([s.t, s.fuelLiters]);
  });
  if (levels.length === 0)
    throw new NoDataError(`No fuel readings for ${asset.name} ${describePeriod(period)}`);
  ctx.onProgress?.(0.6);

  const events = fleet.fuelEvents(asset.id, period.start, period.end);
  const eventsByDay = groupByDay(events, (e) => e.t);
  // Reports end at the present: nothing entered for later counts (docs/interface-decisions.md).
  const entered = (ctx.enteredRefills ?? []).filter((r) => r.t >= period.start && r.t <= period.end);
  const enteredByDay = groupByDay(entered, (r) => r.t);
  const matches = matchRefills(events, entered);
  const days = dailyDistances(fleet, asset, period);
  const enteredOn = (day: number): number | null => {
    const list = enteredByDay.get(day);
    return list ? round(sum(list.map((r) => r.liters)), 1) : null;
  };
  const dayRows: ReportRow[] = [];
  let totalConsumed = 0;
  days.forEach((d, i) => {
    const start = firstLevel.get(d.day);
    if (start === undefined) {
      dayRows.push({
        date: d.day,
        distance: round(d.km, 1),
        start_level: null,
        end_level: null,
        refilled: null,
        entered: enteredOn(d.day),
        drained: null,
        consumed: null,
        per100: null,
      });
      return;
    }
    // The day ends where the next day's first fix starts, so no fuel falls between two days.
    const end = firstLevel.get(days[i + 1]?.day ?? Number.NaN) ?? lastLevel.get(d.day)!;
    const dayEvents = eventsByDay.get(d.day) ?? [];
    const refilled = litres(dayEvents.filter((e) => e.kind === 'refill'));
    const drained = litres(dayEvents.filter((e) => e.kind === 'drain'));
    const consumed = Math.max(0, start - end + refilled - drained);
    totalConsumed += consumed;
    dayRows.push({
      date: d.day,
      distance: round(d.km, 1),
      start_level: round(start, 1),
      end_level: round(end, 1),
      refilled: round(refilled, 1),
      entered: enteredOn(d.day),
      drained: round(drained, 1),
      consumed: round(consumed, 1),
      per100: per100(consumed, d.km),
    });
  });
  const refills = events.filter((e) => e.kind === 'refill');
  const drains = events.filter((e) => e.kind === 'drain');
  const km = sum(days.map((d) => d.km));
  const sensorRows: ReportRow[] = events.map((e) => {
    const receipt = matches.bySensor.get(e) ?? null;
    return {
      t: e.t,
      kind: e.kind === 'refill' ? (receipt ? 'Refill (entered)' : 'Refill') : 'Suspected drain',
      liters: round(e.liters, 1),
      entered: receipt ? round(receipt.liters, 1) : null,
      station: receipt?.station ?? null,
      before: round(e.levelBefore, 1),
      after: round(e.levelAfter, 1),
      place: placeName(fleet.seed, e.lat, e.lon),
      lat: round(e.lat, 5),
      lon: round(e.lon, 5),
    };
  });
  const enteredRows: ReportRow[] = matches.enteredOnly.map((r) => ({
    t: r.t,
    kind: 'Refill entered, not seen by the sensor',
    liters: null,
    entered: round(r.liters, 1),
    station: r.station,
    before: null,
    after: null,
    place: null,
    lat: null,
    lon: null,
  }));
  const eventRows = [...sensorRows, ...enteredRows].sort((a, b) => Number(a.t) - Number(b.t));

  return reportDocument(ctx, 'fuel', {
    period,
    assets: [assetRef(asset)],
    summary: [
      summaryItem('Distance', round(km, 1), 'number', 'km', 1),
      summaryItem('Fuel consumed', round(totalConsumed, 1), 'number', 'L', 1),
      summaryItem('Average consumption', per100(totalConsumed, km), 'number', 'l/100 km', 1),
      summaryItem('Refills', refills.length, 'integer'),
      summaryItem('Fuel refilled', round(litres(refills), 1), 'number', 'L', 1),
      summaryItem('Refills entered', entered.length, 'integer'),
      summaryItem('Fuel entered', round(sum(entered.map((r) => r.liters)), 1), 'number', 'L', 1),
      summaryItem('Entered refills the sensor did not see', matches.enteredOnly.length, 'integer'),
      summaryItem('Suspected drains', drains.length, 'integer'),
      summaryItem('Fuel drained', round(litres(drains), 1), 'number', 'L', 1),
      summaryItem('Level at start', levels[0]![1], 'number', 'L', 1),
      summaryItem('Level at end', levels[levels.length - 1]![1], 'number', 'L', 1),
    ],
    tables: [
      {
        key: 'days',
        title: 'Daily consumption',
        columns: [
          column('date', 'Date', 'date'),
          column('distance', 'Distance', 'number', 'km', 1),
          column('start_level', 'Level at start', 'number', 'L', 1),
          column('end_level', 'Level at end', 'number', 'L', 1),
          column('refilled', 'Refilled', 'number', 'L', 1),
          column('entered', 'Entered', 'number', 'L', 1),
          column('drained', 'Suspected drains', 'number', 'L', 1),
          column('consumed', 'Consumed', 'number', 'L', 1),
          column('per100', 'Consumption', 'number', 'l/100 km', 1),
        ],
        rows: dayRows,
      },
      {
        key: 'events',
        title: 'Refills and suspected drains',
        columns: [
          timeColumn(),
          column('kind', 'Event', 'text'),
          column('liters', 'Amount', 'number', 'L', 1),
          column('entered', 'Entered', 'number', 'L', 1),
          column('station', 'Station', 'text'),
          column('before', 'Level before', 'number', 'L', 1),
          column('after', 'Level after', 'number', 'L', 1),
          column('place', 'Place', 'text'),
          latColumn(),
          lonColumn(),
        ],
        rows: eventRows,
      },
    ],
    charts: [
      {
        title: 'Fuel level',
        kind: 'line',
        xAxis: 'time',
        yLabel: 'Fuel level',
        yUnit: 'L',
        series: [
          gappedLineSeries(
            'Fuel level',
            levels.map((l) => l[0]),
            levels.map((l) => l[1]),
            asset.intervalMs,
          ),
        ],
      },
    ],
  });
}
