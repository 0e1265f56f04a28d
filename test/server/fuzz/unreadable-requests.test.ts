import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema, errorBodySchema } from '../../../src/shared/interface';
import { startLocalService, type LocalService } from '../../../src/server/local-service';

let service: LocalService;
beforeAll(async () => {
  service = await startLocalService({ port: 0, fleetSize: 5, tickMs: 60_000, reportsPaused: true });
});
afterAll(async () => {
  await service.stop();
});

/** Writes raw bytes on a fresh connection and returns everything the service sent before closing it. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(service.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', (err) =>
      chunks.length > 0 ? resolve(Buffer.concat(chunks).toString('latin1')) : reject(err),
    );
    socket.end(request);
  });
}

const path = (): string => `/api/${service.account_key}/alert`;
const auth = (): string => `Authorization: Bearer ${service.users[0]?.token}\r\n`;

describe('requests the HTTP parser cannot read (docs/architecture.md "The local fleet service")', () => {
  it('get a 4xx with a JSON body of the spec’s shape, and the service keeps serving', async () => {
    const requests = [
      'GARBAGE\r\n\r\n',
      `GET ${path()} HTTP/9.9\r\n\r\n`,
      `POST ${path()} HTTP/1.1\r\nHost: x\r\n${auth()}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
      `GET ${path()} HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n`,
      `GET ${path()} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
      `POST ${path()} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{}{}{}`,
      `GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n`,
    ];
    for (const request of requests) {
      const answer = await raw(request);
      const label = request.slice(0, 40);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(errorBodySchema.safeParse(JSON.parse(body)).success, label).toBe(true);
    }
    const res = await fetch(`${service.api_url}${path().replace('alert', 'asset')}`, {
      headers: { authorization: `Bearer ${service.users[0]?.token}` },
    });
    expect(assetListResponseSchema.parse(await res.json()).meta.total).toBe(5);
  });

  it('a body cut short is not answered as if it were complete', async () => {
    const answer = await raw(
      `POST ${path()} HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
    );
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
    expect(status === 0 || (status >= 400 && status < 500)).toBe(true);
  });
});
