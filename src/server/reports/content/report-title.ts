import { REPORT_CATALOGUE, type ReportRequest } from '../../../shared/interface';

/** request.title when given, else "Trail — Van 03 – Iveco Daily". */
export function reportTitle(request: ReportRequest, subject: string): string {
  return request.title ?? `${REPORT_CATALOGUE[request.type].label} — ${subject}`;
}
