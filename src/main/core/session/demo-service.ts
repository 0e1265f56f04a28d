import type { ServiceEndpoints } from './service-endpoints';

/**
 * The Demo profile's fleet service as the core sees it: where it listens,
 * its operator, and a way to sign that operator in. The shells provide it
 * (src/main/demo): the core never imports the local service itself
 * (architecture.md §2).
 */
export interface DemoService {
  /** The service's address: its OAuth issuer, as a remote profile's would be. */
  readonly address: string;
  readonly endpoints: ServiceEndpoints;
  readonly operator: { readonly id: number; readonly name: string };
  /**
   * Takes the authorization page at `url` through to its answer as the demo's operator, the way a
   * person in a browser would: the sign-in form, the consent, and the redirect back to the app's
   * loopback listener. The demo's stand-in for the system browser, so the Demo stays one click
   * while its sign-in is the real one (discovery, PKCE, code, token, refresh).
   */
  signIn(url: string): Promise<void>;
  stop(): Promise<void>;
}

export type StartDemoService = () => Promise<DemoService>;
