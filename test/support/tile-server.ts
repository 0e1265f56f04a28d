import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/** A tile as the test tile server draws it: two colours in a checker, both from z/x/y. */
export interface TileColours {
  readonly light: readonly [number, number, number];
  readonly dark: readonly [number, number, number];
}

export interface TileServerOptions {
  /** Extra headers on every tile (Cache-Control, ETag …). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface TileServer {
  /** `http://127.0.0.1:<port>/{z}/{x}/{y}.png`: a Settings tile URL template. */
  readonly template: string;
  readonly port: number;
  /** Every tile path asked for, in order (`z/x/y`). */
  readonly requests: readonly string[];
  /** The User-Agent of each request, in the same order. */
  readonly userAgents: readonly string[];
  /**
   * The next answers, in order, instead of a tile: a status code (500, 404 …), 'html' (a 200 that is
   * a web page, as a captive portal answers), 'empty' (a 200 PNG with no bytes) or 'hang'.
   */
  failNext(...answers: ReadonlyArray<Failure>): void;
  stop(): Promise<void>;
  /** On the same port: to a client it is the same tile server coming back. */
  restart(): Promise<void>;
}

type Failure = number | 'html' | 'empty' | 'hang';

const TILE_PATH = /^\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;
const SIZE = 256;
const CHECKER = 32;

/**
 * Distinct, stable colours per tile: a test reading pixels can tell which tile it sees. `palette` 1 turns
 * every hue half way round: an MBTiles file's tiles (mbtiles-fixture.ts) never look like the server's.
 */
export function tileColours(z: number, x: number, y: number, palette: 0 | 1 = 0): TileColours {
  const hue = (((x * 73 + y * 151 + z * 37) % 360) / 360 + palette * 0.5) % 1;
  const light = hsl(hue, 0.55, 0.75);
  const dark = hsl(hue, 0.55, 0.45);
  return { light, dark };
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number): number => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A 256×256 PNG: a checker of the tile's two colours, so a test can read which tile a pixel is from. */
export function drawTile(z: number, x: number, y: number, palette: 0 | 1 = 0): Buffer {
  const png = new PNG({ width: SIZE, height: SIZE });
  const { light, dark } = tileColours(z, x, y, palette);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const c = (Math.floor(px / CHECKER) + Math.floor(py / CHECKER)) % 2 === 0 ? light : dark;
      const i = (py * SIZE + px) * 4;
      png.data[i] = c[0];
      png.data[i + 1] = c[1];
      png.data[i + 2] = c[2];
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/**
 * A local tile server for tests, so that no test asks the internet for a map
 * tile: generated PNG tiles at /{z}/{x}/{y}.png on a random loopback port,
 * every request counted. It can be stopped (the network or the tile server
 * gone) and restarted on the same port.
 */
export async function startTileServer(options: TileServerOptions = {}): Promise<TileServer> {
  const requests: string[] = [];
  const userAgents: string[] = [];
  const answers: Failure[] = [];
  const drawn = new Map<string, Buffer>();
  const hanging = new Set<ServerResponse>();

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const m = TILE_PATH.exec(new URL(req.url ?? '/', 'http://tiles.invalid').pathname);
    if (req.method !== 'GET' || !m) return void res.writeHead(404).end('Not a tile');
    const [z, x, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const key = `${z}/${x}/${y}`;
    requests.push(key);
    userAgents.push(req.headers['user-agent'] ?? '');
    const answer = answers.shift();
    if (answer === 'hang') return void hanging.add(res);
    if (answer === 'html')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Sign in</p>');
    if (answer === 'empty') return void res.writeHead(200, { 'content-type': 'image/png' }).end();
    if (answer !== undefined) return void res.writeHead(answer, { 'content-type': 'text/plain' }).end('No');
    if (z > 22 || x >= 2 ** z || y >= 2 ** z) return void res.writeHead(404).end('Outside the world');
    let body = drawn.get(key);
    if (!body) drawn.set(key, (body = drawTile(z, x, y)));
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length, ...options.headers });
    res.end(body);
  };

  let server: Server = createServer(handle);
  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  let running = true;

  return {
    template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    port,
    requests,
    userAgents,
    failNext(...next) {
      answers.push(...next);
    },
    async stop() {
      if (!running) return;
      running = false;
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async restart() {
      if (running) return;
      server = createServer(handle);
      await listen(port);
      running = true;
    },
  };
}
