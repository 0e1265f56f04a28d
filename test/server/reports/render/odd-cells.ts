import type { ReportDocument } from '../../../../src/server/reports/report-document';

/**
 * A hand-made document with the cells a builder should never produce but a
 * renderer must survive: NaN and Infinity, nulls, a text in a number column,
 * quotes, markup, a control character, non-Latin text, an empty table.
 */
export const ODD_TITLE = 'Tëst & <Trail> "quoted" \u0001 ünïcode — 北京';

export const oddDocument: ReportDocument = {
  reportId: '00000000-0000-4000-8000-000000000001',
  type: 'trail',
  title: ODD_TITLE,
  periodFrom: '2026-03-02',
  periodTo: '2026-03-02',
  generatedAt: Date.parse('2026-03-20T09:30:00Z'),
  assets: [{ id: 1, name: 'Van "A" & <B>' }],
  summary: [
    { label: 'Positions', value: 3, kind: 'integer' },
    { label: 'Broken', value: Number.NaN, kind: 'number', unit: 'km', decimals: 1 },
    { label: 'Nothing', value: null, kind: 'datetime' },
  ],
  tables: [
    {
      key: 'positions',
      title: 'Positions',
      columns: [
        { key: 't', label: 'Time', unit: 'UTC', kind: 'datetime' },
        { key: 'speed', label: 'Speed', unit: 'km/h', kind: 'number', decimals: 1 },
        { key: 'on', label: 'Ignition', kind: 'boolean' },
        { key: 'note', label: 'Note', kind: 'text' },
      ],
      rows: [
        { t: Date.parse('2026-03-02T10:00:00.250Z'), speed: 42.5, on: true, note: 'line\nbreak "q" \\ </c>' },
        { t: null, speed: Number.POSITIVE_INFINITY, on: null, note: null },
        { t: Date.parse('2026-03-02T23:59:59Z'), speed: 'n/a', on: false, note: '  spaced  ' },
      ],
    },
    { key: 'empty', title: 'Empty: [none]', columns: [{ key: 'x', label: 'X', kind: 'integer' }], rows: [] },
  ],
  charts: [],
};
