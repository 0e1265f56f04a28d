/**
 * The tracking page's stylesheet (served from /track-assets, so the CSP needs
 * no 'unsafe-inline'). Mobile first: the page is mostly opened on phones.
 */
export const TRACKING_PAGE_CSS = `
:root {
  --ink: #1b2430;
  --muted: #5b6675;
  --line: #dfe4ea;
  --paper: #ffffff;
  --ground: #f3f5f7;
  --accent: #0b63ce;
  --good: #12805c;
  --bad: #b42318;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 18px;
  line-height: 1.4;
  color: var(--ink);
  background: var(--ground);
}
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
h1 { margin: 0; font-size: 1.5rem; line-height: 1.2; overflow-wrap: anywhere; }
.eyebrow { margin: 0 0 4px; font-size: 0.8rem; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; color: var(--accent); }
.small { font-size: 0.85rem; color: var(--muted); }

/* The live page: a header with the facts, the map fills the rest of the screen. */
body.viewer { display: flex; flex-direction: column; height: 100vh; height: 100dvh; }
.bar { padding: 14px 16px 12px; padding-top: max(14px, env(safe-area-inset-top)); background: var(--paper); border-bottom: 1px solid var(--line); }
.status { margin: 4px 0 10px; font-size: 1.05rem; color: var(--muted); }
.status.live::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 8px; border-radius: 50%; background: var(--good); vertical-align: 1px; }
.status.stale::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 8px; border-radius: 50%; background: #c98a00; vertical-align: 1px; }
.facts { display: grid; grid-template-columns: 1fr 1fr; gap: 8px 16px; margin: 0; }
.fact { min-width: 0; }
.fact-wide { grid-column: 1 / -1; }
.fact dt { font-size: 0.8rem; color: var(--muted); }
.fact dd { margin: 0; font-size: 1.35rem; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
#eta { font-size: 1.15rem; }
.eta-when { display: block; }
.eta-where { display: block; font-size: 0.9rem; font-weight: 400; color: var(--muted); }
/* The note floats over the map, so showing it never resizes the map under Leaflet. */
.map-frame { position: relative; flex: 1 1 auto; min-height: 240px; }
.map {
  position: absolute;
  inset: 0;
  /* Without tiles (offline) the map is this plain, lightly gridded ground under the track and marker. */
  background-color: #eef1ec;
  background-image:
    linear-gradient(rgba(27, 36, 48, 0.05) 1px, transparent 1px),
    linear-gradient(90deg, rgba(27, 36, 48, 0.05) 1px, transparent 1px);
  background-size: 48px 48px;
}
.map.leaflet-container { background-color: #eef1ec; font: inherit; font-size: 0.75rem; }
.tiles-note { position: absolute; z-index: 1000; top: 10px; left: 60px; right: 10px; max-width: 460px; margin: 0; padding: 6px 10px; font-size: 0.8rem; line-height: 1.3; color: var(--muted); background: rgba(255, 255, 255, 0.92); border: 1px solid var(--line); border-radius: 8px; }
.tiles-note[hidden] { display: none; }
.leaflet-control-scale-line { font-size: 0.8rem; }

@media (min-width: 800px) {
  .bar { display: grid; grid-template-columns: minmax(240px, 1fr) 2fr; column-gap: 24px; align-items: end; }
  .bar .eyebrow, .bar h1, .bar .status { grid-column: 1; }
  .facts { grid-column: 2; grid-row: 1 / span 3; grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .fact-wide { grid-column: auto; }
}

/* Gate pages: sign-in, e-mail, code, and the dead ends (404, 410). */
body.gate { min-height: 100vh; display: flex; align-items: flex-start; justify-content: center; padding: 24px 16px; }
.card { width: 100%; max-width: 460px; margin-top: 6vh; padding: 24px 20px; background: var(--paper); border: 1px solid var(--line); border-radius: 14px; box-shadow: 0 2px 10px rgba(27, 36, 48, 0.06); }
.card h1 { margin-bottom: 12px; }
.card p { margin: 0 0 14px; }
.card > :last-child { margin-bottom: 0; }
.form + .small { margin-top: 14px; }
.form { display: flex; flex-direction: column; gap: 8px; margin-top: 8px; }
.form label { font-weight: 600; }
.form input { font: inherit; font-size: 1.1rem; padding: 12px 14px; border: 1px solid #b9c2cc; border-radius: 10px; background: #fff; color: var(--ink); width: 100%; }
.form input:focus { outline: 3px solid rgba(11, 99, 206, 0.3); border-color: var(--accent); }
#code { letter-spacing: 0.3em; font-variant-numeric: tabular-nums; }
button, .button { display: inline-block; font: inherit; font-weight: 600; font-size: 1.05rem; padding: 12px 18px; margin-top: 6px; border: 0; border-radius: 10px; background: var(--accent); color: #fff; text-align: center; text-decoration: none; cursor: pointer; }
button:hover, .button:hover { background: #0952ab; }
.notice { padding: 10px 12px; border-radius: 10px; font-size: 0.95rem; }
.notice-error { background: #fdecea; color: var(--bad); border: 1px solid #f5c2bd; }
.notice-info { background: #e8f3ee; color: var(--good); border: 1px solid #bfe0d2; }
`;
