import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { LOOPBACK_ONLY_ARGS } from '../support/loopback-only';

let server: Server;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>here</p>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium(LOOPBACK_ONLY_ARGS);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe("the benches' browser (LOOPBACK_ONLY_ARGS)", () => {
  it('reaches this machine by name and address, and nothing else, whether named or an address', async () => {
    const page = await browser.newPage();
    const failed = new Map<string, string>();
    page.on('requestfailed', (r) => failed.set(r.url(), r.failure()?.errorText ?? ''));
    await page.goto(`${origin}/`);
    const port = new URL(origin).port;
    const fetched = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map((u) =>
            fetch(u, { mode: 'no-cors' }).then(
              () => 'answered',
              () => 'failed',
            ),
          ),
        ),
      [
        `${origin}/again`,
        `http://localhost:${port}/`,
        'https://example.com/',
        'http://1.1.1.1/',
        'http://10.1.2.3:8080/',
      ],
    );
    expect(fetched).toEqual(['answered', 'answered', 'failed', 'failed', 'failed']);
    // Refused before any connection is tried: no name and no address outside resolves.
    expect([...failed.entries()].sort()).toEqual([
      ['http://1.1.1.1/', 'net::ERR_NAME_NOT_RESOLVED'],
      ['http://10.1.2.3:8080/', 'net::ERR_NAME_NOT_RESOLVED'],
      ['https://example.com/', 'net::ERR_NAME_NOT_RESOLVED'],
    ]);
    await page.close();
  });
});
