import { describe, expect, it } from 'vitest';
import { localServiceOptionsSchema } from '../../../src/server/options';

describe('the tracking pages’ tile option', () => {
  it('takes an http(s) template with {z}, {x} and {y}', () => {
    const parsed = localServiceOptionsSchema.parse({
      trackingTileUrl: 'http://127.0.0.1:8080/{z}/{x}/{y}.png',
      trackingTileAttribution: '© The city’s own map',
    });
    expect(parsed.trackingTileUrl).toBe('http://127.0.0.1:8080/{z}/{x}/{y}.png');
    expect(localServiceOptionsSchema.parse({}).trackingTileUrl).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)//{z}/{x}/{y}', 'an http(s) URL'],
    ['https://tiles.example.test/{z}/{x}.png', 'a template with {z}, {x} and {y}'],
    ['file:///srv/tiles/{z}/{x}/{y}.png', 'an http(s) URL'],
  ])('refuses %s, saying what it wants', (url, said) => {
    const result = localServiceOptionsSchema.safeParse({ trackingTileUrl: url });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(said);
  });
});
