import { describe, expect, it } from 'vitest';
import { parseLocalInput } from '../../../src/renderer/src/features/history/history-range';
import { expiresAtFor, expiryLabel, isExpired } from '../../../src/renderer/src/features/links/link-expiry';
import {
  validateLinkForm,
  type LinkFormState,
} from '../../../src/renderer/src/features/links/link-form-rules';

const now = Date.UTC(2026, 10, 23, 9, 0, 0);

describe('link expiry presets', () => {
  it('turns each preset into an ISO expiry, or none for never', () => {
    const at = (p: '1h' | '24h' | '7d' | 'never'): string | null => {
      const r = expiresAtFor(p, now, '', parseLocalInput);
      return r.ok ? r.expiresAt : 'error';
    };
    expect(at('never')).toBeNull();
    expect(at('1h')).toBe('2026-11-23T10:00:00.000Z');
    expect(at('24h')).toBe('2026-11-24T09:00:00.000Z');
    expect(at('7d')).toBe('2026-11-30T09:00:00.000Z');
  });

  it('takes a custom expiry in local time and refuses one in the past', () => {
    const local = new Date(2027, 0, 2, 18, 30);
    const ok = expiresAtFor('custom', now, '2027-01-02T18:30', parseLocalInput);
    expect(ok).toEqual({ ok: true, expiresAt: local.toISOString() });
    expect(expiresAtFor('custom', now, '2020-01-01T00:00', parseLocalInput)).toEqual({
      ok: false,
      error: 'The expiry must be in the future',
    });
    expect(expiresAtFor('custom', now, '', parseLocalInput)).toEqual({
      ok: false,
      error: 'Enter a date and time',
    });
  });

  it('marks links whose expiry has passed, and words the time left or gone', () => {
    expect(isExpired({ expires_at: null }, now)).toBe(false);
    expect(isExpired({ expires_at: '2026-11-23T08:59:59Z' }, now)).toBe(true);
    expect(expiryLabel({ expires_at: null }, now)).toBe('Never expires');
    expect(expiryLabel({ expires_at: '2026-11-23T12:00:00Z' }, now)).toBe('Expires in 3 h');
    expect(expiryLabel({ expires_at: '2026-11-21T09:00:00Z' }, now)).toBe('Expired 2 days ago');
    expect(expiryLabel({ expires_at: 'not a date' }, now)).toBe('Never expires');
  });
});

describe('link form rules', () => {
  const base: LinkFormState = {
    assetId: 4,
    name: '  Delivery to ACME  ',
    accessType: 'email',
    expiry: '1h',
    customExpiry: '',
    showEta: true,
    showHistory: false,
    allowedViewers: ' buyer@acme.example,\n@Partner.example ',
  };

  it('builds the spec 2.10 request checked by the shared schema', () => {
    expect(validateLinkForm(base, now, parseLocalInput)).toEqual({
      ok: true,
      request: {
        asset_id: 4,
        name: 'Delivery to ACME',
        access_type: 'email',
        expires_at: '2026-11-23T10:00:00.000Z',
        show_eta: true,
        show_history: false,
        allowed_viewers: ['buyer@acme.example', '@partner.example'],
      },
    });
  });

  it('says which field is wrong', () => {
    const r = validateLinkForm(
      { ...base, assetId: null, expiry: 'custom', customExpiry: 'x' },
      now,
      parseLocalInput,
    );
    expect(r).toEqual({
      ok: false,
      errors: { asset_id: 'Choose the asset to share', expires_at: 'Enter a date and time' },
    });
  });
});
