/** Inline CSS (the file makes no external request), with print rules: A4, header rows repeat on every page. */
export const HTML_STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #111827; margin: 0 auto; padding: 24px; max-width: 1200px; }
h1 { font-size: 22px; margin: 0 0 8px; }
h2 { font-size: 16px; margin: 24px 0 8px; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0 0 8px; }
.meta dt { font-weight: 600; color: #6b7280; }
.meta dd { margin: 0; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 8px; margin: 0; }
.cards div { background: #f8fafc; border: 1px solid #e5e7eb; border-radius: 6px; padding: 8px 10px; }
.cards dt { font-size: 11px; color: #6b7280; }
.cards dd { margin: 2px 0 0; font-size: 16px; font-weight: 600; font-variant-numeric: tabular-nums; }
.cards dd.text { font-size: 12px; font-weight: 400; }
.chart { width: 100%; height: auto; display: block; }
.chart .grid { stroke: #e5e7eb; stroke-width: 1; }
.chart .axis { stroke: #374151; fill: none; stroke-width: 1; }
.chart text { font-size: 11px; fill: #6b7280; }
.chart .legend { fill: #111827; }
p.long { margin: 10px 0 0; max-width: 80ch; }
.note { color: #6b7280; font-style: italic; margin: 0 0 8px; }
table { border-collapse: collapse; width: 100%; font-size: 12px; }
th { background: #1f2937; color: #fff; text-align: left; padding: 5px 8px; position: sticky; top: 0; }
td { padding: 3px 8px; border-bottom: 1px solid #f1f5f9; white-space: nowrap; }
tbody tr:nth-child(even) { background: #f3f4f6; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.empty { color: #6b7280; font-style: italic; }
footer { margin-top: 24px; color: #6b7280; font-size: 11px; }
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { padding: 0; max-width: none; font-size: 10px; }
  th { position: static; }
  thead { display: table-header-group; }
  tr, .cards div, svg { break-inside: avoid; }
  th, tbody tr:nth-child(even) { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  table { font-size: 9px; }
  td { padding: 2px 6px; }
}
`;
