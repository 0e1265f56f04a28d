import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/api/api-error';
import { CoreError } from '../../../src/main/core/core-error';
import { explained } from '../../../src/main/core/records/service-calls';

const refusal = (message: string): ApiError =>
  new ApiError({ kind: 'forbidden', status: 403, route: 'PUT /api/groups/7', message });

describe('a 403 in words an operator can act on', () => {
  it('gives the service’s own reason once, after who refused', () => {
    const err = explained(refusal('You do not have access to asset 12.'));
    expect(err).toBeInstanceOf(CoreError);
    expect((err as CoreError).code).toBe('forbidden');
    expect((err as CoreError).message).toBe(
      'Your account may not do this: You do not have access to asset 12.',
    );
  });

  it.each(['Forbidden', 'Forbidden.', 'This action is unauthorized.', '  '])(
    'says what the rule is when the service only said %j (a status text, Laravel’s default)',
    (said) => {
      expect((explained(refusal(said)) as CoreError).message).toBe(
        'Your account may not do this: only the assets you have been given access to can be seen or changed.',
      );
    },
  );

  it('leaves every other error as it is', () => {
    const offline = new ApiError({ kind: 'offline', route: 'GET /api/groups', message: 'offline' });
    expect(explained(offline)).toBe(offline);
    const other = new Error('boom');
    expect(explained(other)).toBe(other);
  });
});
