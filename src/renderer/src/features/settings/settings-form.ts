import type { z } from 'zod';
import { DEFAULT_SETTINGS, settingsPatchSchema, type IpcArgs, type Settings } from '../../../../shared/ipc';
import { localeUsesHour24 } from '../../../../shared/time/time-zone';
import { isApiError } from '../../api';

/**
 * What the dialog's fields hold, one per setting: numbers typed as text (the
 * cache size, the local thresholds), so a half-typed number is not lost; the
 * volume in percent, as the slider shows it.
 */
export interface SettingsDraft {
  tileUrl: string;
  tileAttribution: string;
  cacheSizeMb: string;
  theme: Settings['theme'];
  mapLabels: boolean;
  autoUpdate: boolean;
  alarmSounds: { critical: boolean; warning: boolean; info: boolean };
  alarmVolume: number;
  alarmNotifications: boolean;
  /** Blank: off. */
  localOfflineMinutes: string;
  localSpeedKmh: string;
  speedUnit: Settings['speedUnit'];
  distanceUnit: Settings['distanceUnit'];
  volumeUnit: Settings['volumeUnit'];
  timeZone: string;
  hour24: boolean;
  dateFormat: Settings['dateFormat'];
}

export type SettingsField = keyof SettingsDraft;
export type FieldErrors = Partial<Readonly<Record<SettingsField, string>>>;
export type SettingsPatch = IpcArgs<'settings.set'>;

/** In form order: the first field with a message is the one focused after a refused Save. */
export const SETTINGS_FIELDS: readonly SettingsField[] = [
  'tileUrl',
  'tileAttribution',
  'cacheSizeMb',
  'theme',
  'mapLabels',
  'autoUpdate',
  'alarmSounds',
  'alarmVolume',
  'alarmNotifications',
  'localOfflineMinutes',
  'localSpeedKmh',
  'speedUnit',
  'distanceUnit',
  'volumeUnit',
  'timeZone',
  'hour24',
  'dateFormat',
];

export const THEMES: readonly { readonly value: Settings['theme']; readonly label: string }[] = [
  { value: 'system', label: 'Follow the system' },
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

function bound(value: number | null, which: string): number {
  if (value === null) throw new Error(`settingsPatchSchema gives the cache size no ${which}`);
  return value;
}

const cacheSizeSchema = settingsPatchSchema.shape.cacheSizeMb.unwrap();
/** Read from the schema main checks with, so the form never states a range main does not apply. */
export const CACHE_SIZE_RANGE_MB = {
  min: bound(cacheSizeSchema.minValue, 'minimum'),
  max: bound(cacheSizeSchema.maxValue, 'maximum'),
} as const;

export const CACHE_SIZE_MESSAGE = `must be a whole number of MB from ${CACHE_SIZE_RANGE_MB.min.toLocaleString()} to ${CACHE_SIZE_RANGE_MB.max.toLocaleString()}`;

const offlineSchema = settingsPatchSchema.shape.localOfflineMinutes.unwrap().unwrap();
const speedSchema = settingsPatchSchema.shape.localSpeedKmh.unwrap().unwrap();
/** The local thresholds' ranges, read from the schema as the cache size's are. */
export const LOCAL_OFFLINE_RANGE_MIN = {
  min: bound(offlineSchema.minValue, 'minimum'),
  max: bound(offlineSchema.maxValue, 'maximum'),
} as const;
export const LOCAL_SPEED_RANGE_KMH = {
  min: bound(speedSchema.minValue, 'minimum'),
  max: bound(speedSchema.maxValue, 'maximum'),
} as const;
export const LOCAL_OFFLINE_MESSAGE = `must be a whole number of minutes from ${LOCAL_OFFLINE_RANGE_MIN.min} to ${LOCAL_OFFLINE_RANGE_MIN.max.toLocaleString()}, or empty for off`;
export const LOCAL_SPEED_MESSAGE = `must be a speed from ${LOCAL_SPEED_RANGE_KMH.min} to ${LOCAL_SPEED_RANGE_KMH.max} km/h, or empty for off`;

/** The OpenStreetMap tiles and credit the app starts with. */
export const OSM_TILES = {
  tileUrl: DEFAULT_SETTINGS.tileUrl,
  tileAttribution: DEFAULT_SETTINGS.tileAttribution,
} as const;

export function draftOf(settings: Settings): SettingsDraft {
  return {
    tileUrl: settings.tileUrl,
    tileAttribution: settings.tileAttribution,
    cacheSizeMb: String(settings.cacheSizeMb),
    theme: settings.theme,
    mapLabels: settings.mapLabels,
    autoUpdate: settings.autoUpdate,
    alarmSounds: { ...settings.alarmSounds },
    alarmVolume: Math.round(settings.alarmVolume * 100),
    alarmNotifications: settings.alarmNotifications,
    localOfflineMinutes: settings.localOfflineMinutes === null ? '' : String(settings.localOfflineMinutes),
    localSpeedKmh: settings.localSpeedKmh === null ? '' : String(settings.localSpeedKmh),
    speedUnit: settings.speedUnit,
    distanceUnit: settings.distanceUnit,
    volumeUnit: settings.volumeUnit,
    timeZone: settings.timeZone,
    hour24: settings.hour24 ?? localeUsesHour24(),
    dateFormat: settings.dateFormat,
  };
}

/** A typed number: blank is null (off), anything unreadable NaN (which the schema refuses). */
function optionalNumber(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : Number(t);
}

function valuesOf(draft: SettingsDraft): Record<SettingsField, unknown> {
  const size = draft.cacheSizeMb.trim();
  return {
    // Pasted URLs often carry a trailing space or newline that Leaflet would put into every request.
    tileUrl: draft.tileUrl.trim(),
    tileAttribution: draft.tileAttribution.trim(),
    cacheSizeMb: size === '' ? Number.NaN : Number(size),
    theme: draft.theme,
    mapLabels: draft.mapLabels,
    autoUpdate: draft.autoUpdate,
    alarmSounds: { ...draft.alarmSounds },
    alarmVolume: draft.alarmVolume / 100,
    alarmNotifications: draft.alarmNotifications,
    localOfflineMinutes: optionalNumber(draft.localOfflineMinutes),
    localSpeedKmh: optionalNumber(draft.localSpeedKmh),
    speedUnit: draft.speedUnit,
    distanceUnit: draft.distanceUnit,
    volumeUnit: draft.volumeUnit,
    timeZone: draft.timeZone,
    hour24: draft.hour24,
    dateFormat: draft.dateFormat,
  };
}

function isField(key: string): key is SettingsField {
  return (SETTINGS_FIELDS as readonly string[]).includes(key);
}

function messageOf(field: SettingsField, issue: z.core.$ZodIssue): string {
  // zod's own words ("Too small: expected number to be >=50") are not an operator's.
  if (field === 'cacheSizeMb') return CACHE_SIZE_MESSAGE;
  if (field === 'localOfflineMinutes') return LOCAL_OFFLINE_MESSAGE;
  if (field === 'localSpeedKmh') return LOCAL_SPEED_MESSAGE;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `must be at most ${String(issue.maximum)} characters`;
  return issue.message;
}

/** The draft checked by the schema main parses settings.set with: one message per field, in form words. */
export function fieldErrorsOf(draft: SettingsDraft): FieldErrors {
  const parsed = settingsPatchSchema.safeParse(valuesOf(draft));
  if (parsed.success) return {};
  const out: Partial<Record<SettingsField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    if (isField(key)) out[key] ??= messageOf(key, issue);
  }
  return out;
}

/** Valid drafts give the patch of the fields that differ from what main last said; an empty patch means nothing to save. */
export function checkDraft(
  draft: SettingsDraft,
  saved: Settings,
): { ok: true; patch: SettingsPatch } | { ok: false; fields: FieldErrors } {
  const fields = fieldErrorsOf(draft);
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const values = valuesOf(draft);
  // Main's null hour cycle is the computer's: the box shows it, and leaving it as shown changes nothing.
  const shown: Settings = { ...saved, hour24: saved.hour24 ?? localeUsesHour24() };
  // The sounds are an object: compared by value, not by identity.
  const differs = (f: SettingsField): boolean => JSON.stringify(values[f]) !== JSON.stringify(shown[f]);
  const changed = SETTINGS_FIELDS.filter(differs).map((f) => [f, values[f]]);
  return { ok: true, patch: settingsPatchSchema.parse(Object.fromEntries(changed)) };
}

export interface SaveError {
  readonly message: string;
  readonly fields: FieldErrors;
}

/** Main's refusal, beside the fields it names when it names any. */
export function saveErrorOf(err: unknown): SaveError {
  if (!isApiError(err))
    return {
      message: `The settings were not saved: ${err instanceof Error ? err.message : String(err)}`,
      fields: {},
    };
  const fields: Partial<Record<SettingsField, string>> = {};
  for (const [key, messages] of Object.entries(err.details ?? {}))
    if (isField(key) && messages[0]) fields[key] = messages[0];
  return { message: `The settings were not saved: ${err.message}`, fields };
}
