import { DEFAULT_SETTINGS, type DisplaySettings } from '../../../src/shared/ipc';
import {
  createDisplayFormat,
  type DisplayFormat,
} from '../../../src/renderer/src/layout/format/display-format';
import { TEST_SETTINGS } from './sim-fleet';

/** What the tests switch to: miles and mph, UTC, 24-hour time, ISO dates. */
export const MILES_UTC_ISO = {
  speedUnit: 'mph',
  distanceUnit: 'mi',
  timeZone: 'UTC',
  hour24: true,
  dateFormat: 'iso',
} as const satisfies Partial<DisplaySettings>;

/** The display format a mounted app has with TEST_SETTINGS, changed where a test says. */
export function testFormat(changes: Partial<DisplaySettings> = {}): DisplayFormat {
  return createDisplayFormat({ ...TEST_SETTINGS, ...changes });
}

/** The display format of a store main has not answered yet (DEFAULT_SETTINGS: the computer's locale). */
export function defaultFormat(): DisplayFormat {
  return createDisplayFormat(DEFAULT_SETTINGS);
}
