/**
 * Why a sign-in did not happen, as the renderer gets to act on it
 * (ipc-errors.ts maps each kind to a contract code):
 * - invalid: a field is wrong (`errors` per field);
 * - refused: the service or the operator said no (a refused token, a denied consent, an answer
 *   that does not belong to this sign-in);
 * - unsupported: the service offers no browser sign-in the app can use: sign in with a token;
 * - cancelled: the operator stopped waiting, or started another sign-in;
 * - bad_service: the service answered, but not as the interface says.
 */
export type SignInErrorKind = 'invalid' | 'refused' | 'unsupported' | 'cancelled' | 'bad_service';

export class SignInError extends Error {
  constructor(
    readonly kind: SignInErrorKind,
    message: string,
    readonly errors: Record<string, string[]> | null = null,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}
