import { mobilityLinkRequestSchema, type MobilityLinkRequestInput } from '../../../../shared/interface';
import { checkWith, type FieldErrors } from '../../layout/forms/form-check';
import type { Checked } from '../../layout/forms/use-form-submit';

export const MOBILITY_FIELDS = ['provider', 'external_account_id', 'asset_ids'] as const;
export type MobilityField = (typeof MOBILITY_FIELDS)[number];

export interface MobilityDraft {
  provider: string;
  account: string;
  scope: 'account' | 'assets';
  assetIds: number[];
}

/** The request as the service takes it: without asset_ids the whole account is linked. */
export function checkMobilityDraft(d: MobilityDraft): Checked<MobilityLinkRequestInput, MobilityField> {
  const checked = checkWith(
    mobilityLinkRequestSchema,
    {
      provider: d.provider,
      external_account_id: d.account,
      asset_ids: d.scope === 'assets' ? d.assetIds : undefined,
    },
    MOBILITY_FIELDS,
  );
  if (d.scope === 'assets' && d.assetIds.length === 0) {
    const errors: FieldErrors<MobilityField> = checked.ok ? {} : checked.errors;
    errors.asset_ids = 'choose at least one asset, or link the whole account';
    return { ok: false, errors };
  }
  return checked;
}
