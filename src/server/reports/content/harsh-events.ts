import type { HarshKind, Severity } from '../../sim/types';

export const HARSH_LABELS: Readonly<Record<HarshKind, string>> = {
  braking: 'Harsh braking',
  acceleration: 'Harsh acceleration',
  cornering: 'Harsh cornering',
};

/** Weights of the driver score (driver-score.ts): a high-severity event counts three times a low one. */
export const SEVERITY_WEIGHT: Readonly<Record<Severity, number>> = { low: 1, medium: 2, high: 3 };
