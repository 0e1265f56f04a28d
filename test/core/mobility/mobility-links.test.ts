import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, startAdminService, type AdminService } from '../records/admin-service';

describe(
  'account links (link-mobility) through the core, against the local service',
  { timeout: 60_000 },
  () => {
    let s: AdminService;
    beforeAll(async () => {
      s = await startAdminService();
    });
    afterAll(async () => {
      await s.close();
    });

    it('links the whole account once, and a repeated link answers the existing one', async () => {
      const first = await s.operator.call('mobility.link', {
        request: { provider: 'Moovit', external_account_id: 'acme-fleet' },
      });
      expect(first).toMatchObject({
        created: true,
        link: { provider: 'Moovit', asset_ids: null, status: 'linked' },
      });
      const again = await s.operator.call('mobility.link', {
        request: { provider: 'Moovit', external_account_id: 'acme-fleet' },
      });
      expect(again).toEqual({ created: false, link: first.link });
      expect((await s.operator.call('mobility.list')).items).toEqual([first.link]);
    });

    it('lets a restricted user link their own assets only, and says why the whole account is not theirs', async () => {
      const { restricted } = s;
      expect((await restricted.call('access.get')).may.linkWholeAccount.allowed).toBe(false);
      const refused = await refusal(
        restricted.call('mobility.link', { request: { provider: 'Bolt', external_account_id: 'dispatch' } }),
      );
      expect(refused.code).toBe('forbidden');
      expect(refused.message).toMatch(/whole account/);
      const own = await restricted.call('mobility.link', {
        request: { provider: 'Bolt', external_account_id: 'dispatch', asset_ids: [1, 2] },
      });
      expect(own.link.asset_ids).toEqual([1, 2]);
      // The operator's whole-account link is not the restricted user's to see.
      expect((await restricted.call('mobility.list')).items).toEqual([own.link]);
      expect((await s.operator.call('mobility.list')).items.map((l) => l.provider)).toEqual([
        'Moovit',
        'Bolt',
      ]);
    });
  },
);
