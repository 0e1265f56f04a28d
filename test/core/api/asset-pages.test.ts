import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetApi } from '../../../src/main/core/api/fleet-api';
import { createHttpClient } from '../../../src/main/core/api/http-client';
import { bareAsset } from '../../support/bare-asset';

const PAGES = 12;
const PER_PAGE = 3;
const asset = (id: number) => bareAsset(id, `Truck ${id}`);

describe('asset list pages', () => {
  let server: Server;
  let apiUrl: string;
  let inFlight = 0;
  let maxInFlight = 0;
  const pagesAsked: number[] = [];

  beforeAll(async () => {
    // A service with 12 slow pages; page 5 repeats an asset of page 4 (the list shifted between requests).
    server = createServer((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
      pagesAsked.push(page);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        const ids = Array.from({ length: PER_PAGE }, (_, i) => (page - 1) * PER_PAGE + i + 1);
        if (page === 5) ids[0] = 12;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: ids.map(asset),
            meta: { current_page: page, per_page: PER_PAGE, total: PAGES * PER_PAGE, last_page: PAGES },
          }),
        );
      }, 30);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fetches every page, at most four at a time, keeping page order and dropping repeats', async () => {
    const fleet = createFleetApi(createHttpClient({ getToken: () => 'a-token-for-pages' }), {
      apiUrl: `${apiUrl}/`,
      accountKey: 'acme',
    });
    const assets = await fleet.allAssets();
    expect(pagesAsked.sort((a, b) => a - b)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    expect(maxInFlight).toBe(4);
    expect(assets.map((a) => a.id)).toEqual(
      Array.from({ length: PAGES * PER_PAGE }, (_, i) => i + 1).filter((id) => id !== 13),
    );
  });
});

describe('a list that claims more pages than any list has', () => {
  it('is refused as a bad answer after its first page, asking for no other', async () => {
    const asked: string[] = [];
    const fleet = createFleetApi(
      createHttpClient({
        getToken: () => 'a-token-for-pages',
        fetch: async (url) => {
          asked.push(String(url));
          return Response.json({
            data: [asset(1)],
            meta: { current_page: 1, per_page: 1, total: 2 ** 32, last_page: 2 ** 32 },
          });
        },
      }),
      { apiUrl: 'https://fleet.example', accountKey: 'acme' },
    );
    await expect(fleet.allAssets()).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'bad_response',
      message: expect.stringContaining('claims 4294967296 pages'),
    });
    expect(asked).toHaveLength(1);
  });
});
