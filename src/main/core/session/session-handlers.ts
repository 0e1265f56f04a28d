import type { DomainHandlers } from '../ipc-handlers';
import type { Session } from './session';

export function sessionHandlers(session: Session): DomainHandlers<'session'> {
  return {
    'session.get': async () => session.view(),
    'session.signInDemo': () => session.signInDemo(),
    'session.signInRemote': (args) => session.signInRemote(args),
    'session.signInWithBrowser': (args) => session.signInWithBrowser(args),
    'session.cancelSignIn': async () => {
      session.cancelSignIn();
      return null;
    },
    'session.openSignInPage': async () => {
      await session.openSignInPage();
      return null;
    },
    'session.signOut': () => session.signOut(),
  };
}
