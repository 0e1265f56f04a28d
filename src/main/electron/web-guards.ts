import { app, session, type Session, type WebContents } from 'electron';
import { externalUrlProblem } from '../core/app/external-url-policy';

export interface WebGuardsOptions {
  /** Where our renderer may live: app://fleetdesk, or the dev server's origin. */
  isOwnUrl(url: string): boolean;
  openExternal(url: string): Promise<void>;
  /** The signed-in service's origins, whose plain-http pages may open (external-url-policy.ts). */
  serviceOrigins(): readonly string[];
  log: { warn(message: string): void };
}

/**
 * Electron security checklist §13–14: no web contents of ours navigates away
 * or opens windows; links meant for the outside go to the system browser,
 * under the core's external-URL policy. Every permission request (camera, geolocation, notifications,
 * …) is denied: the app needs none.
 */
export function setupWebGuards(options: WebGuardsOptions): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents, options));
}

export function guardContents(contents: WebContents, options: WebGuardsOptions): void {
  const refuseNavigation = (event: { preventDefault(): void }, url: string): void => {
    if (options.isOwnUrl(url)) return;
    event.preventDefault();
    options.log.warn(`Navigation to ${url.slice(0, 200)} refused.`);
  };
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (externalUrlProblem(url, options.serviceOrigins()) === null)
      options
        .openExternal(url)
        .catch((err: unknown) => options.log.warn(`openExternal failed: ${String(err)}`));
    else options.log.warn(`window.open of ${url.slice(0, 200)} refused.`);
    return { action: 'deny' };
  });
}

/** After 'ready': the default session exists only then. */
export function denyAllPermissions(target: Session = session.defaultSession): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
  target.setDevicePermissionHandler(() => false);
}
