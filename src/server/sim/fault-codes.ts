import { DAY_MS, localDayStart } from './local-time';
import { pick, unit } from './random';
import type { Severity } from './types';

/** Generic (SAE J2012) powertrain codes a diesel delivery fleet really reports. */
export const FAULT_CATALOGUE: readonly { code: string; description: string; severity: Severity }[] = [
  { code: 'P0087', description: 'Fuel rail/system pressure too low', severity: 'high' },
  { code: 'P0101', description: 'Mass air flow circuit range/performance', severity: 'medium' },
  { code: 'P0113', description: 'Intake air temperature sensor 1 circuit high', severity: 'low' },
  {
    code: 'P0128',
    description: 'Coolant thermostat (coolant temperature below regulating temperature)',
    severity: 'low',
  },
  { code: 'P0171', description: 'System too lean (bank 1)', severity: 'medium' },
  { code: 'P0217', description: 'Engine coolant over temperature condition', severity: 'high' },
  { code: 'P0237', description: 'Turbocharger/supercharger boost sensor A circuit low', severity: 'medium' },
  { code: 'P0299', description: 'Turbocharger/supercharger A underboost condition', severity: 'medium' },
  { code: 'P0300', description: 'Random/multiple cylinder misfire detected', severity: 'high' },
  { code: 'P0380', description: 'Glow plug/heater circuit A', severity: 'low' },
  { code: 'P0401', description: 'Exhaust gas recirculation flow insufficient detected', severity: 'medium' },
  { code: 'P0420', description: 'Catalyst system efficiency below threshold (bank 1)', severity: 'low' },
  { code: 'P0470', description: 'Exhaust pressure sensor A circuit', severity: 'low' },
  { code: 'P0500', description: 'Vehicle speed sensor A', severity: 'medium' },
  { code: 'P0562', description: 'System voltage low', severity: 'medium' },
  { code: 'P0670', description: 'Glow plug control module circuit', severity: 'low' },
  {
    code: 'P2002',
    description: 'Diesel particulate filter efficiency below threshold (bank 1)',
    severity: 'medium',
  },
  {
    code: 'P2463',
    description: 'Diesel particulate filter restriction – soot accumulation',
    severity: 'high',
  },
];

export interface FaultOccurrence {
  readonly t: number;
  readonly clears: number;
  readonly code: string;
  readonly description: string;
  readonly severity: Severity;
}

const FAULT_P = 1 / 30;
/** A code stays active at most this long (until the workshop clears it). */
export const MAX_FAULT_DAYS = 6;

/** The fault raised on a local day, if any: at most one a day, while the engine runs in the morning. */
export function faultOnDay(seed: number, assetId: number, day: number): FaultOccurrence | null {
  if (unit(seed, assetId, day, 0xfa17) >= FAULT_P) return null;
  const f = pick(FAULT_CATALOGUE, unit(seed, assetId, day, 0xfa18));
  const t = localDayStart(day) + Math.floor((7 + 8 * unit(seed, assetId, day, 0xfa19)) * 3_600_000);
  const lasting = (0.2 + unit(seed, assetId, day, 0xfa1a) * (MAX_FAULT_DAYS - 0.2)) * DAY_MS;
  return { t, clears: t + Math.round(lasting), ...f };
}
