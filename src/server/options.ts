import { z } from 'zod';

/** National fleets (postal services, public transport) run up to 100,000 vehicles: the scale the benches show. */
export const MAX_FLEET_SIZE = 100_000;
/** The last instant a JavaScript Date can hold (ECMA-262 §21.4.1.1). */
const MAX_INSTANT = 8.64e15;

/** Options of startLocalService and of the CLI (docs/architecture.md "The local fleet service"). */
const optionsObject = z.object({
  port: z.int().min(0).max(65_535).default(8787),
  host: z.string().min(1).default('127.0.0.1'),
  fleetSize: z.int().min(1).max(MAX_FLEET_SIZE).default(50),
  seed: z
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  /** Where SQLite state and generated files live; a temporary directory (removed at stop) when absent. */
  dataDir: z.string().min(1).optional(),
  /** Live position tick (spec 2.9 events), default 2 s. */
  tickMs: z.int().min(50).max(60_000).default(2000),
  /** Fixed bearer tokens, so a restarted service accepts the same ones (tests, demos). */
  tokens: z.object({ operator: z.string().min(16), restricted: z.string().min(16) }).optional(),
  /** Fixed sign-in passwords of the demo users, for the same reason (docs/interface-decisions.md, "Sign-in (OAuth 2.0)"). */
  passwords: z
    .object({ operator: z.string().min(8).max(200), restricted: z.string().min(8).max(200) })
    .optional(),
  /** Lifetime of an OAuth access token: 10 minutes, shorter in tests of expiry. */
  accessTokenTtlSeconds: z.int().min(1).max(86_400).default(600),
  /** Lifetime of an OAuth refresh token, renewed at each use (rotation): 14 days. */
  refreshTokenTtlSeconds: z
    .int()
    .min(1)
    .max(90 * 86_400)
    .default(14 * 86_400),
  /** Report worker threads; default: one per core, at least 2. */
  reportWorkers: z.int().min(1).max(16).optional(),
  /** Queue depth past which the service is in degraded mode (spec 8, 503). */
  overloadThreshold: z.int().min(1).max(100_000).default(200),
  /** Spec 8's queue timeout (10 minutes); shorter in tests. */
  reportQueueTimeoutMs: z.int().min(10).max(86_400_000).optional(),
  /** How long a completed report answers identical requests from the cache (spec 1); 10 minutes. */
  reportCacheTtlMs: z.int().min(0).max(86_400_000).optional(),
  /** Heap cap of each report worker thread: a runaway report kills its worker, not the service. */
  reportWorkerMaxHeapMb: z.int().min(16).max(65_536).optional(),
  /** Accept and persist reports without generating them (tests of queue limits and restarts). */
  reportsPaused: z.boolean().default(false),
  /** Time source, for tests of time-dependent rules (expiry, queue timeout). */
  now: z.custom<() => number>((v) => typeof v === 'function').optional(),
  /**
   * Development only: serve the local mail outbox (the verification links and codes of e-mail
   * tracking links) at GET /dev/outbox. Off by default, and so in the app's in-process demo.
   */
  devOutbox: z.boolean().default(false),
  /**
   * The instant (ms since the epoch) the service's clock starts at, running at real speed from
   * there (`--at`): the simulated fleet then does what it does at that moment. Not with `now`.
   */
  startAt: z.int().min(0).max(MAX_INSTANT).optional(),
  /**
   * The map tiles of the public tracking pages (spec 4.2, docs/interface-decisions.md "Public tracking
   * page"): OpenStreetMap's by default; a site's own tile server, or the tests' local one.
   */
  trackingTileUrl: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'an http(s) URL')
    .refine((t) => ['{z}', '{x}', '{y}'].every((p) => t.includes(p)), 'a template with {z}, {x} and {y}')
    .optional(),
  /** The credit line of those tiles (docs/interface-decisions.md "Public tracking page"); OpenStreetMap's by default. */
  trackingTileAttribution: z.string().min(1).max(300).optional(),
  /** Print nothing (tests); the CLI logs to stderr. */
  quiet: z.boolean().default(true),
});

export const localServiceOptionsSchema = optionsObject.refine(
  (o) => o.now === undefined || o.startAt === undefined,
  {
    message:
      'Give the service either a time source (now) or an instant to start its clock at (startAt), not both.',
    path: ['startAt'],
  },
);

export type LocalServiceOptions = z.input<typeof localServiceOptionsSchema>;
export type ResolvedOptions = z.output<typeof localServiceOptionsSchema>;
