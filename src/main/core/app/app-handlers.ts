import type { AppInfo } from '../../../shared/ipc/views';
import type { DomainHandlers, ShellServices } from '../ipc-handlers';
import { checkExternalUrl } from './external-url-policy';
import type { RendererErrors } from './renderer-errors';

export interface AppHandlersOptions {
  readonly info: AppInfo;
  readonly shell: Pick<ShellServices, 'copyText' | 'openExternal'>;
  /** The signed-in service's origins, whose plain-http pages may be opened (external-url-policy.ts). */
  readonly serviceOrigins: () => readonly string[];
  readonly rendererErrors: Pick<RendererErrors, 'report'>;
}

export function appHandlers(o: AppHandlersOptions): DomainHandlers<'app'> {
  return {
    'app.info': async () => o.info,
    'app.ready': async () => null,
    'app.liveTaken': async () => null,
    'app.copyText': async ({ text }) => {
      await o.shell.copyText(text);
      return null;
    },
    'app.openExternal': async ({ url }) => {
      await o.shell.openExternal(checkExternalUrl(url, o.serviceOrigins()));
      return null;
    },
    'app.reportError': async (error) => {
      o.rendererErrors.report(error);
      return null;
    },
  };
}
