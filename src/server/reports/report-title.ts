import { REPORT_CATALOGUE, type ReportRequest } from '../../shared/interface';

/**
 * request.title when given, else "Trail — Van 03 – Iveco Daily": decided
 * once, when the report is accepted, and kept from queued to completed
 * (docs/interface-decisions.md, "Report content").
 */
export function reportTitle(request: Pick<ReportRequest, 'type' | 'title'>, subjectName: string): string {
  return request.title ?? `${REPORT_CATALOGUE[request.type].label} — ${subjectName}`;
}
