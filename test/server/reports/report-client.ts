import { expect } from 'vitest';
import {
  addDays,
  formatCalendarDate,
  MS_PER_DAY,
  reportStatusSchema,
  type ReportStatus,
} from '../../../src/shared/interface';
import type { LocalService } from '../../../src/server/local-service';

/** Real HTTP calls to the reporting endpoints of spec 4.1, as a client would make them. */

export interface HttpResult {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

async function call(url: string, init: RequestInit): Promise<HttpResult> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, headers: res.headers };
}

export const auth = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

export function submitReport(service: LocalService, token: string, body: unknown): Promise<HttpResult> {
  return call(`${service.base_url}/api/v1/reports/generate`, {
    method: 'POST',
    headers: { ...auth(token), 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

export function reportStatus(service: LocalService, token: string, id: string): Promise<HttpResult> {
  return call(`${service.base_url}/api/v1/reports/${id}/status`, { headers: auth(token) });
}

export function reportDownload(service: LocalService, token: string, id: string): Promise<HttpResult> {
  return call(`${service.base_url}/api/v1/reports/${id}/download`, { headers: auth(token) });
}

/** Polls the status endpoint (spec 4.1 rule 2, faster than 3 s for tests) until the report settles. */
export async function waitUntilSettled(
  service: LocalService,
  token: string,
  id: string,
  timeoutMs = 30_000,
): Promise<ReportStatus & Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await reportStatus(service, token, id);
    expect(res.status).toBe(200);
    const status = reportStatusSchema.loose().parse(res.body);
    if (status.generation_status === 'completed' || status.generation_status === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`report ${id} still ${status.generation_status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A date range that ends `endDaysAgo` days before today (UTC), `days` long, inclusive. */
export function pastRange(days: number, endDaysAgo = 1): { date_from: string; date_to: string } {
  const today = Math.floor(Date.now() / MS_PER_DAY) * MS_PER_DAY;
  const to = addDays(today, -endDaysAgo);
  return { date_from: formatCalendarDate(addDays(to, -(days - 1))), date_to: formatCalendarDate(to) };
}
