import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminService, type AdminService } from '../records/admin-service';

describe('what the signed-in user may do beyond their assets', { timeout: 60_000 }, () => {
  let s: AdminService;
  beforeAll(async () => {
    s = await startAdminService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('knows the demo operator sees the whole fleet', async () => {
    expect(await s.operator.call('access.get')).toEqual({
      wholeFleet: true,
      may: {
        wholeFleetAlert: { allowed: true, reason: null },
        linkWholeAccount: { allowed: true, reason: null },
      },
    });
  });

  it('learns from the service that the dispatcher sees some assets, and gives the reason', async () => {
    const view = await s.restricted.call('access.get');
    expect(view.wholeFleet).toBe(false);
    expect(view.may.wholeFleetAlert).toEqual({
      allowed: false,
      reason: expect.stringMatching(/only some of the fleet/),
    });
    expect(view.may.linkWholeAccount.allowed).toBe(false);
  });

  it('asks again after signing in as someone else', async () => {
    await s.restricted.call('session.signInDemo');
    expect((await s.restricted.call('access.get')).wholeFleet).toBe(true);
  });
});
