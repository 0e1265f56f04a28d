import { rng } from '../../../src/server/sim/random';

/** One malformed (or occasionally valid) request to throw at a route. */
export interface FuzzCase {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array | undefined;
}

export interface FuzzTarget {
  readonly method: string;
  /** Fastify pattern, e.g. /api/:account/asset/:id */
  readonly url: string;
}

export interface FuzzIdentity {
  readonly accountKey: string;
  readonly tokens: readonly string[];
  readonly assetIds: readonly number[];
  readonly trackerIds: readonly number[];
}

type Random = () => number;
const pick = <T>(r: Random, items: readonly T[]): T => {
  const item = items[Math.floor(r() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

const FIELDS = [
  'asset_id',
  'asset_ids',
  'name',
  'access_type',
  'expires_at',
  'show_eta',
  'enabled',
  'mac',
  'mode',
  'kind',
  'due_date',
  'timestamp',
  'liters',
  'odometer_km',
  'provider',
  'external_account_id',
  'page',
  '__proto__',
  'constructor',
  'channel_name',
  'socket_id',
  'email',
  'code',
  'type',
  'format',
  'date_from',
] as const;

function jsonValue(r: Random, depth: number): unknown {
  const roll = r();
  if (depth > 2 || roll < 0.55) {
    return pick(r, [
      null,
      true,
      false,
      0,
      -1,
      1,
      2,
      3,
      1.5,
      1e308,
      -1e308,
      2 ** 53 + 1,
      '',
      ' ',
      'x'.repeat(300),
      'public',
      'email_code',
      '2026-03-01T00:00:00Z',
      '2999-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      '2026-02-30',
      'AC:23:3F:00:00:01',
      '\u0000',
      '💥',
      '<script>',
      'NaN',
      '-0',
      '12.34.5',
    ] as const);
  }
  if (roll < 0.75) return Array.from({ length: Math.floor(r() * 4) }, () => jsonValue(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 6); i > 0; i--) o[pick(r, FIELDS)] = jsonValue(r, depth + 1);
  return o;
}

const MALFORMED_JSON = [
  '{',
  '{"asset_id":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000\u0001',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '1e400',
  '['.repeat(5000) + ']'.repeat(5000),
  '"\\ud800"',
  '{"asset_id":1,"asset_id":2}',
  ' ',
] as const;

function body(r: Random): { body: string | Uint8Array | undefined; contentType: string | undefined } {
  const roll = r();
  if (roll < 0.15) return { body: undefined, contentType: undefined };
  if (roll < 0.55) return { body: JSON.stringify(jsonValue(r, 0)), contentType: 'application/json' };
  if (roll < 0.7) return { body: pick(r, MALFORMED_JSON), contentType: 'application/json' };
  if (roll < 0.8) {
    const boundary = pick(r, ['x', '', '----b', '"quoted"']);
    return {
      body: `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\n\u0089PNG garbage${r() < 0.5 ? `\r\n--${boundary}--` : ''}`,
      contentType: pick(r, [
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data',
        'multipart/mixed; boundary=x',
      ]),
    };
  }
  if (roll < 0.9)
    return {
      body: pick(r, ['a=1&b=2', 'channel_name=private-x&socket_id=1.1', '%%%', '=&=&']),
      contentType: 'application/x-www-form-urlencoded',
    };
  return {
    body: pick(r, [new Uint8Array([0xff, 0xfe, 0x00, 0x01]), 'plain text', '<xml/>']),
    contentType: pick(r, [
      'text/plain',
      'application/octet-stream',
      'application/xml',
      'application/json; charset=utf-16',
      'garbage',
    ]),
  };
}

function pathValue(r: Random, name: string, who: FuzzIdentity): string {
  if (name === 'account' && r() < 0.75) return who.accountKey;
  const roll = r();
  if (roll < 0.3) return String(pick(r, name === 'id' && r() < 0.5 ? who.trackerIds : who.assetIds));
  return pick(r, [
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    'abc',
    '%00',
    '%E0%A4%A',
    '..%2F..%2Fetc',
    '%20',
    'ü',
    'null',
    'x'.repeat(250),
    '00000000-0000-0000-0000-000000000000',
    crypto.randomUUID(),
    '1;DROP TABLE',
    '{id}',
  ]);
}

const QUERIES = [
  '',
  'page=0',
  'page=-5',
  'page=abc',
  'page=1&page=2',
  'per_page=100000',
  'per_page=0',
  'page=1e9',
  'search=' + 'x'.repeat(400),
  'search[]=a',
  'start=2026-03-02T00:00:00Z&end=2026-03-01T00:00:00Z',
  'start=0001-01-01T00:00:00Z&end=9999-12-31T23:59:59Z',
  'start=yesterday&end=today',
  'start=&end=',
  '__proto__[x]=1',
  'asset_id=-3',
  'a=%E0%A4%A',
  'start=2026-03-09T00:00:00Z&end=2026-03-09T01:00:00Z',
] as const;

/** `count` seeded cases for one route: wrong methods, params, queries, headers and bodies. */
export function fuzzCases(target: FuzzTarget, who: FuzzIdentity, seed: number, count: number): FuzzCase[] {
  const r = rng(seed, ...Array.from(target.method + target.url, (c) => c.charCodeAt(0)));
  return Array.from({ length: count }, () => {
    const path = target.url
      .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => pathValue(r, name, who))
      .replace(/\*$/, () => pick(r, ['', 'x.js', '..%2Fsecret', 'a/b/c']));
    const query = pick(r, QUERIES);
    const method =
      r() < 0.8 ? target.method : pick(r, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
    const headers: Record<string, string> = {};
    const auth = r();
    if (auth < 0.6) headers.authorization = `Bearer ${pick(r, who.tokens)}`;
    else if (auth < 0.8)
      headers.authorization = pick(r, [
        'Bearer',
        'Bearer ',
        'Basic dXNlcjpwYXNz',
        `Bearer ${'t'.repeat(600)}`,
        'bearer x y',
      ]);
    if (r() < 0.3) headers.accept = pick(r, ['text/html', '*/*', 'application/xml', '']);
    const b = method === 'GET' || method === 'HEAD' ? { body: undefined, contentType: undefined } : body(r);
    if (b.contentType !== undefined) headers['content-type'] = b.contentType;
    return { method, path: query ? `${path}?${query}` : path, headers, body: b.body };
  });
}
