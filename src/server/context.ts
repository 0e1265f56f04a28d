import type { FastifyInstance } from 'fastify';
import type Database from 'better-sqlite3';
import type { Account, ServiceUser } from './accounts/account';
import type { Fleet } from './sim/types';
import type { TrackingLinkStore } from './tracking/tracking-link-store';

export interface ServiceUrls {
  readonly base_url: string;
  readonly ws_url: string;
  readonly api_url: string;
  readonly api_ws_url: string;
  readonly tracking_url: string;
}

/** What every module of the local service is given. */
export interface ServiceContext {
  readonly urls: ServiceUrls;
  readonly appKey: string;
  /** Signs channel authorizations (Pusher protocol). New at every start; never leaves the process. */
  readonly appSecret: string;
  readonly account: Account;
  /**
   * The user of a bearer token: a static token or an OAuth access token
   * (docs/interface-decisions.md, "Sign-in (OAuth 2.0)"), or null. For tokens
   * that do not arrive in an Authorization header (a form); routes use
   * http/auth.ts's requireUser.
   */
  authenticate(token: string): Promise<ServiceUser | null>;
  readonly fleet: Fleet;
  readonly db: Database.Database;
  /** SQLite file and generated files live here (a temporary directory unless --data-dir). */
  readonly dataDir: string;
  /** Spec 2.10 links: created by the fleet REST route, opened by the public page. */
  readonly trackingLinks: TrackingLinkStore;
  readonly now: () => number;
  /** Sends an event to every subscriber of a channel (Pusher protocol). */
  publish(channel: string, event: string, data: unknown): void;
  readonly log: ServiceLog;
}

export interface ServiceLog {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

/** A piece of the service: routes, background work, and how to stop it. */
export interface ServiceModule {
  readonly name: string;
  register(app: FastifyInstance): Promise<void> | void;
  /** Called once the HTTP server listens (the URLs are final). */
  start?(): Promise<void> | void;
  stop?(): Promise<void> | void;
}
