import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../src/server/reports/render/render-report';
import { numberText } from '../../../../src/server/reports/render/cell-text';
import { build, fleet, rangeOf, summaryValue } from '../content/report-fixture';

const EXTERNAL = /^(https?:)?\/\//i;

describe('html reports', () => {
  it('is one self-contained file: no script, no stylesheet link, no external address', async () => {
    const doc = build({
      type: 'fuel',
      format: 'html',
      asset_id: 1,
      date_from: '2026-03-02',
      date_to: '2026-03-04',
    });
    const html = Buffer.from(await renderReport(doc, 'html')).toString('utf8');
    const root = parse(html);
    expect(root.querySelectorAll('script')).toHaveLength(0);
    expect(root.querySelectorAll('link')).toHaveLength(0);
    for (const el of root.querySelectorAll('*')) {
      for (const attr of ['src', 'href', 'action', 'srcset', 'xlink:href']) {
        const value = el.getAttribute(attr);
        if (value !== undefined) expect(value).not.toMatch(EXTERNAL);
      }
    }
    expect(html).not.toMatch(/url\(\s*['"]?(https?:)?\/\//i);
    expect(html).not.toMatch(/@import/i);
    const csp = root.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content');
    expect(csp).toContain("default-src 'none'");
    expect(root.querySelector('style')!.text).toContain('@media print');
    expect(root.querySelectorAll('svg.chart')).toHaveLength(1);
    expect(
      root.querySelector('svg.chart polyline')!.getAttribute('points')!.split(' ').length,
    ).toBeGreaterThan(100);
  });

  it('shows the heading, the summary and the table rows a trail prints', async () => {
    const doc = build({
      type: 'trail',
      format: 'html',
      asset_id: 2,
      date_from: '2026-03-02',
      date_to: '2026-03-02',
    });
    const history = fleet.history(2, ...rangeOf('2026-03-02', '2026-03-02'));
    const root = parse(Buffer.from(await renderReport(doc, 'html')).toString('utf8'));
    expect(root.querySelector('h1')!.text).toBe('Trail — Van 01 – Ford Transit');
    expect(root.querySelector('title')!.text).toBe('Trail — Van 01 – Ford Transit');
    const meta = root.querySelectorAll('.meta dd').map((d) => d.text);
    expect(meta).toEqual([
      'Trail',
      'Van 01 – Ford Transit',
      '2026-03-02 (1 day, UTC)',
      '2026-03-20 09:30:00 UTC',
    ]);
    const cards = Object.fromEntries(
      root
        .querySelectorAll('.cards div')
        .map((d) => [d.querySelector('dt')!.text, d.querySelector('dd')!.text]),
    );
    expect(cards['Distance (km)']).toBe(numberText(Number(summaryValue(doc, 'Distance')), 1));
    expect(cards.Positions).toBe(history.length.toLocaleString('en-US'));
    const positions = doc.tables[0]!;
    const bodyRows = root.querySelectorAll('table tbody tr');
    expect(bodyRows).toHaveLength(positions.printRows?.length ?? history.length);
    expect(root.querySelectorAll('table thead th').map((th) => th.text)).toContain('Speed (km/h)');
    expect(bodyRows[0]!.querySelectorAll('td')[0]!.text).toBe(
      new Date(history[0]!.t).toISOString().slice(0, 19).replace('T', ' '),
    );
  });

  it('escapes text, so a custom title cannot inject markup', async () => {
    const title = '<script>alert("x")</script> & <img src=//evil.example/x.png>';
    const doc = build({
      type: 'mileage_daily',
      format: 'html',
      asset_ids: [2, 3],
      date_from: '2026-03-02',
      date_to: '2026-03-03',
      title,
    });
    const root = parse(Buffer.from(await renderReport(doc, 'html')).toString('utf8'));
    expect(root.querySelectorAll('script')).toHaveLength(0);
    expect(root.querySelectorAll('img')).toHaveLength(0);
    // .text decodes entities: the title reads back exactly as typed, as text.
    expect(root.querySelector('h1')!.text).toBe(title);
    expect(root.querySelector('h1')!.childNodes).toHaveLength(1);
    expect(root.querySelectorAll('table')).toHaveLength(2);
  });
});
