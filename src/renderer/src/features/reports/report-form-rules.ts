import {
  addDays,
  formatCalendarDate,
  inclusiveDays,
  parseCalendarDate,
  REPORT_CATALOGUE,
  reportRequestSchema,
  type ReportFormat,
  type ReportPriority,
  type ReportRequestInput,
  type ReportType,
} from '../../../../shared/interface';

/** Who a report is about, as the form offers it: the mileage types take chosen assets or a group's. */
export type SubjectKind = 'asset' | 'assets' | 'group' | 'driver' | 'beacon';

export interface ReportFormState {
  type: ReportType;
  format: ReportFormat;
  priority: ReportPriority;
  title: string;
  /** Which of the type's subject kinds the user picked (asset or driver, asset or beacon). */
  subject: SubjectKind;
  assetId: number | null;
  assetIds: number[];
  /** The group whose assets a mileage report covers (subject 'group'). */
  groupId: number | null;
  /** Chosen from the drivers' list and the tags' list: never typed as a raw id. */
  driverId: number | null;
  beaconId: number | null;
  dateFrom: string;
  dateTo: string;
}

export type ReportField =
  | 'type'
  | 'format'
  | 'priority'
  | 'title'
  | 'asset_id'
  | 'asset_ids'
  | 'driver_id'
  | 'beacon_id'
  | 'date_from'
  | 'date_to'
  /** The form's group, sent as asset_ids. */
  | 'group';

export type FieldErrors = Partial<Record<ReportField, string[]>>;

/** The subject kinds a type accepts, the first being the default (spec 2.1, 2.5; REPORT_CATALOGUE). */
export function subjectKinds(type: ReportType): readonly SubjectKind[] {
  switch (REPORT_CATALOGUE[type].subject) {
    case 'asset':
      return ['asset'];
    case 'asset_or_driver':
      return ['asset', 'driver'];
    case 'asset_or_beacon':
      return ['asset', 'beacon'];
    case 'beacon':
      return ['beacon'];
    case 'assets':
      return ['assets', 'group'];
  }
}

export const SUBJECT_LABEL: Readonly<Record<SubjectKind, string>> = {
  asset: 'Asset',
  assets: 'Assets',
  group: 'A group',
  driver: 'Driver',
  beacon: 'Beacon',
};

/** The sentence shown under the date picker, e.g. "OBD-II diagnostics reports cover at most 14 days". */
export function rangeReason(type: ReportType): string {
  const info = REPORT_CATALOGUE[type];
  return `${info.label} reports cover at most ${info.maxRangeDays} days`;
}

/** The last date_to the picker allows for a date_from (inclusive day count, as the service counts). */
export function latestDateTo(type: ReportType, dateFrom: string): string | null {
  const from = parseCalendarDate(dateFrom);
  return from === null ? null : formatCalendarDate(addDays(from, REPORT_CATALOGUE[type].maxRangeDays - 1));
}

export function earliestDateFrom(type: ReportType, dateTo: string): string | null {
  const to = parseCalendarDate(dateTo);
  return to === null ? null : formatCalendarDate(addDays(to, -(REPORT_CATALOGUE[type].maxRangeDays - 1)));
}

export interface ClampedRange {
  readonly dateFrom: string;
  readonly dateTo: string;
  /** Why the range changed, or null when it was already allowed. */
  readonly note: string | null;
}

/**
 * Keeps the range within the type's maximum by moving the end the user did
 * not just edit, so switching to a shorter type or widening a range never
 * leaves the form in a state the service would refuse.
 */
export function clampRange(
  type: ReportType,
  dateFrom: string,
  dateTo: string,
  edited: 'from' | 'to' = 'from',
): ClampedRange {
  const from = parseCalendarDate(dateFrom);
  const to = parseCalendarDate(dateTo);
  if (from === null || to === null) return { dateFrom, dateTo, note: null };
  if (to < from) {
    return edited === 'from'
      ? { dateFrom, dateTo: dateFrom, note: 'The end moved to the new start' }
      : { dateFrom: dateTo, dateTo, note: 'The start moved to the new end' };
  }
  if (inclusiveDays(from, to) <= REPORT_CATALOGUE[type].maxRangeDays) return { dateFrom, dateTo, note: null };
  return edited === 'from'
    ? { dateFrom, dateTo: latestDateTo(type, dateFrom)!, note: `End moved: ${rangeReason(type)}` }
    : { dateFrom: earliestDateFrom(type, dateTo)!, dateTo, note: `Start moved: ${rangeReason(type)}` };
}

/** A new form: yesterday back as far as the type allows up to a week, on the preselected asset. */
export function initialForm(type: ReportType, assetId: number | null, today: string): ReportFormState {
  const todayMs = parseCalendarDate(today) ?? Date.UTC(2026, 0, 1);
  const to = formatCalendarDate(addDays(todayMs, -1));
  const days = Math.min(7, REPORT_CATALOGUE[type].maxRangeDays);
  return {
    type,
    format: 'pdf',
    priority: 'standard',
    title: '',
    subject: subjectKinds(type)[0]!,
    assetId,
    assetIds: assetId === null ? [] : [assetId],
    groupId: null,
    driverId: null,
    beaconId: null,
    dateFrom: formatCalendarDate(addDays(todayMs, -days)),
    dateTo: to,
  };
}

/** Switches the type, keeping what still applies and clamping the range to the new maximum. */
export function changeType(
  state: ReportFormState,
  type: ReportType,
): ReportFormState & { note: string | null } {
  const kinds = subjectKinds(type);
  const subject = kinds.includes(state.subject) ? state.subject : kinds[0]!;
  let assetId = state.assetId;
  let assetIds = state.assetIds;
  if (subject === 'assets' && assetIds.length === 0 && assetId !== null) assetIds = [assetId];
  if (subject === 'asset' && assetId === null && assetIds.length > 0) assetId = assetIds[0]!;
  const range = clampRange(type, state.dateFrom, state.dateTo, 'from');
  return {
    ...state,
    type,
    subject,
    assetId,
    assetIds,
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
    note: range.note,
  };
}

/** The form's groups as the groups store knows them. */
export interface GroupLookup {
  membersOf(groupId: number): readonly number[] | undefined;
  nameOf(groupId: number): string | undefined;
}

const NO_GROUPS: GroupLookup = { membersOf: () => undefined, nameOf: () => undefined };

/** The request this form describes: only the identifier the chosen subject needs is sent. */
export function buildRequest(
  state: ReportFormState,
  groups: GroupLookup = NO_GROUPS,
): Record<string, unknown> {
  const req: Record<string, unknown> = {
    type: state.type,
    format: state.format,
    priority: state.priority,
    date_from: state.dateFrom,
    date_to: state.dateTo,
  };
  if (state.title.trim() !== '') req.title = state.title.trim();
  const several = (ids: readonly number[]): void => {
    if (ids.length === 1) req.asset_id = ids[0];
    else if (ids.length > 1) req.asset_ids = [...ids];
  };
  switch (state.subject) {
    case 'asset':
      if (state.assetId !== null) req.asset_id = state.assetId;
      break;
    case 'assets':
      several(state.assetIds);
      break;
    case 'group': {
      if (state.groupId === null) break;
      several(groups.membersOf(state.groupId) ?? []);
      // The service would title it "… — 12 assets": the operator asked for the group.
      const name = groups.nameOf(state.groupId);
      if (req.title === undefined && name !== undefined)
        req.title = `${REPORT_CATALOGUE[state.type].label} — ${name}`;
      break;
    }
    case 'driver':
      if (state.driverId !== null) req.driver_id = state.driverId;
      break;
    case 'beacon':
      if (state.beaconId !== null) req.beacon_id = state.beaconId;
      break;
  }
  return req;
}

const FIELDS: readonly ReportField[] = [
  'type',
  'format',
  'priority',
  'title',
  'asset_id',
  'asset_ids',
  'driver_id',
  'beacon_id',
  'date_from',
  'date_to',
  'group',
];
export function isReportField(key: unknown): key is ReportField {
  return typeof key === 'string' && (FIELDS as readonly string[]).includes(key);
}

const FIELD_LABEL: Readonly<Record<ReportField, string>> = {
  type: 'Type',
  format: 'Format',
  priority: 'Priority',
  title: 'Title',
  asset_id: 'An asset',
  asset_ids: 'At least one asset',
  driver_id: 'A driver',
  beacon_id: 'A beacon',
  date_from: 'The start date',
  date_to: 'The end date',
  group: 'A group',
};

/** The schema speaks wire names ("must be on or after date_from"); the form speaks the operator's. */
function wording(state: ReportFormState, field: ReportField, message: string): string {
  if (field === 'date_to' && message.includes('may not exceed')) return rangeReason(state.type);
  if (message === 'must be on or after date_from') return 'The end must be on or after the start';
  if (/is required/.test(message)) return `${FIELD_LABEL[field]} is required for this report`;
  if (/expected number/.test(message)) return 'Enter a whole number';
  if (/greater than 0|expected int/i.test(message)) return 'Enter a positive whole number';
  return message;
}

/** A missing subject is reported on asset_id by the schema; show it on the field the user sees. */
function fieldFor(state: ReportFormState, field: ReportField): ReportField {
  if (field === 'asset_id' && state.subject === 'driver') return 'driver_id';
  if (field === 'asset_id' && state.subject === 'beacon') return 'beacon_id';
  if (field === 'asset_id' && state.subject === 'assets') return 'asset_ids';
  if ((field === 'asset_id' || field === 'asset_ids') && state.subject === 'group') return 'group';
  return field;
}

/** Checks the form with the shared reportRequestSchema (the same rules main and the service apply). */
export function validateReportForm(
  state: ReportFormState,
  groups: GroupLookup = NO_GROUPS,
): { ok: true; request: ReportRequestInput } | { ok: false; errors: FieldErrors } {
  if (
    state.subject === 'group' &&
    state.groupId !== null &&
    (groups.membersOf(state.groupId) ?? []).length === 0
  )
    return {
      ok: false,
      errors: { group: ['The group has no assets yet: put some in it from the asset list'] },
    };
  const parsed = reportRequestSchema.safeParse(buildRequest(state, groups));
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = fieldFor(state, isReportField(key) ? key : 'type');
    (errors[field] ??= []).push(wording(state, field, issue.message));
  }
  return { ok: false, errors };
}

/**
 * The service's (or main's) field errors on the fields the operator sees:
 * main keys its own checks by the argument path (`request.date_to`), the
 * service by the body's names; a group's assets are its `asset_ids`.
 */
export function serviceFieldErrors(
  state: ReportFormState,
  details: Readonly<Record<string, readonly string[]>>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [k, v] of Object.entries(details)) {
    const key = k.replace(/^request\./, '').split('.')[0];
    if (!isReportField(key)) continue;
    (errors[fieldFor(state, key)] ??= []).push(...v);
  }
  return errors;
}
