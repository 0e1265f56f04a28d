import { describe, expect, it } from 'vitest';
import {
  checkExternalUrl,
  externalUrlProblem,
  RefusedUrlError,
  serviceOriginsOf,
} from '../../../src/main/core/app/external-url-policy';

/** The local fleet service as a signed-in profile names it: one port for every address. */
const LOCAL = serviceOriginsOf({
  base_url: 'http://127.0.0.1:4100',
  api_url: 'http://127.0.0.1:4100/api/acc',
  tracking_url: 'http://127.0.0.1:4100',
});

describe('the external-URL policy', () => {
  const opened: [url: string, origins: readonly string[]][] = [
    ['https://www.openstreetmap.org/copyright', []],
    ['https://track.vendor.example/track/abc?x=1#y', []],
    ['https://127.0.0.1:8443/', []],
    ['http://127.0.0.1:4100/track/0f8c6a1e', LOCAL],
    ['HTTP://127.0.0.1:4100/track/abc', LOCAL],
  ];
  it.each(opened)('opens %s', (url, origins) => {
    expect(externalUrlProblem(url, origins)).toBeNull();
  });

  const refused: [url: string, origins: readonly string[], why: RegExp][] = [
    ['http://tracker.example/abc', LOCAL, /plain http/],
    // Loopback is not the service: any program on the machine may listen there.
    ['http://127.0.0.1:4100/track/abc', [], /plain http/],
    ['http://localhost:4100/track/abc', LOCAL, /plain http/],
    ['http://127.0.0.1:4101/', LOCAL, /plain http/],
    ['https://user:secret@example.com/', [], /credentials/],
    ['https://fleet.example@evil.example/', [], /credentials/],
    ['http://op:pw@127.0.0.1:4100/track/abc', LOCAL, /credentials/],
    ['file:///etc/passwd', LOCAL, /file: addresses/],
    ['javascript:alert(1)', [], /javascript: addresses/],
    ['smb://share/x', [], /smb: addresses/],
    ['not a url', [], /not a valid address/],
    ['', [], /not a valid address/],
  ];
  it.each(refused)('refuses %s', (url, origins, why) => {
    expect(externalUrlProblem(url, origins)).toMatch(why);
    expect(() => checkExternalUrl(url, origins)).toThrow(RefusedUrlError);
  });

  it('hands the browser the address in its normal form', () => {
    expect(checkExternalUrl('HTTPS://Example.COM/a b', [])).toBe('https://example.com/a%20b');
  });

  it('takes the origins of the service’s base, API and tracking addresses', () => {
    expect(
      serviceOriginsOf({
        base_url: 'https://api.vendor.example',
        api_url: 'https://fleet.vendor.example/api/acc',
        tracking_url: 'http://track.vendor.example:8080/t',
      }).sort(),
    ).toEqual([
      'http://track.vendor.example:8080',
      'https://api.vendor.example',
      'https://fleet.vendor.example',
    ]);
  });
});
