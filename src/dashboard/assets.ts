// The dashboard's only stylesheet and script, served by AssetsController from the app itself
// (no CDN; the Content-Security-Policy allows nothing else). Kept as strings so the build
// ships them with no copy step.

export const STYLESHEET = `
:root {
  --bg: #f6f7fb; --surface: #ffffff; --text: #1b1f2a; --muted: #5a6275; --border: #dde1ea;
  --accent: #4338ca; --accent-hover: #3730a3; --accent-soft: #eef0ff; --mcp: #0f766e;
  --danger: #b42318; --danger-soft: #fef3f2; --ok: #067647; --ok-soft: #ecfdf3;
  --warn: #93370d; --warn-soft: #fffaeb; --focus: #f59e0b; --radius: 10px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--text); background: var(--bg); line-height: 1.5;
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; }
a { color: var(--accent); }
a:hover { color: var(--accent-hover); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 4px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--surface); padding: .5rem 1rem; }
.skip:focus { left: 1rem; z-index: 10; }
.links { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.5rem; }
header.top { background: var(--surface); border-bottom: 1px solid var(--border); }
.top-inner { max-width: 72rem; margin: 0 auto; padding: .75rem 1.25rem; display: flex;
  align-items: center; gap: 1.5rem; flex-wrap: wrap; }
.brand { font-weight: 700; color: var(--text); text-decoration: none; display: flex; gap: .5rem;
  align-items: center; }
.brand-mark { width: 1.75rem; height: 1.75rem; border-radius: 8px; background: var(--accent);
  color: #fff; display: inline-grid; place-items: center; font-size: .85rem; }
nav.main { display: flex; flex-wrap: wrap; gap: .25rem; flex: 1; }
nav.main a { padding: .4rem .75rem; border-radius: 8px; color: var(--muted); text-decoration: none;
  font-weight: 500; }
nav.main a[aria-current="page"] { background: var(--accent-soft); color: var(--accent); }
nav.main a:hover { color: var(--text); }
.who { display: flex; gap: .75rem; align-items: center; color: var(--muted); font-size: .9rem; }
main { flex: 1; width: 100%; max-width: 72rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
main.narrow { max-width: 28rem; padding-top: 4rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; letter-spacing: -.01em; }
h2 { font-size: 1.15rem; margin: 0 0 1rem; }
.lead { color: var(--muted); margin: 0 0 1.75rem; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
  padding: 1.5rem; margin-bottom: 1.5rem; box-shadow: 0 1px 2px rgba(16, 24, 40, .04); }
label { display: block; font-weight: 600; font-size: .9rem; margin-bottom: .35rem; }
.hint { color: var(--muted); font-size: .85rem; margin: .3rem 0 0; }
input[type="text"], input[type="email"], input[type="password"], select {
  width: 100%; font: inherit; padding: .6rem .75rem; border: 1px solid #b8bfcc;
  border-radius: 8px; background: #fff; color: var(--text); min-height: 2.75rem; }
input[readonly] { background: var(--bg); font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.field { margin-bottom: 1.1rem; }
.row { display: flex; gap: 1rem; align-items: flex-end; flex-wrap: wrap; }
.row .field { flex: 1 1 14rem; margin-bottom: 0; }
button, .button { font: inherit; font-weight: 600; border: 1px solid transparent; border-radius: 8px;
  padding: .6rem 1.1rem; cursor: pointer; background: var(--accent); color: #fff;
  text-decoration: none; display: inline-block; line-height: 1.5; }
button:hover, .button:hover { background: var(--accent-hover); color: #fff; }
.button.secondary, button.secondary { background: var(--surface); color: var(--text);
  border-color: var(--border); }
.button.secondary:hover, button.secondary:hover { background: var(--bg); color: var(--text); }
button.danger { background: var(--danger); }
button.danger:hover { background: #912018; }
button.link { background: none; color: var(--accent); padding: 0; border: 0; font-weight: 500; }
button.link:hover { background: none; color: var(--accent-hover); text-decoration: underline; }
button.link.danger-text, a.danger-text { color: var(--danger); }
.muted { color: var(--muted); }
.block { width: 100%; }
.alert { border-radius: 8px; padding: .85rem 1rem; margin-bottom: 1.25rem; border: 1px solid; }
.alert.error { background: var(--danger-soft); border-color: #fecdca; color: var(--danger); }
.alert.ok { background: var(--ok-soft); border-color: #abefc6; color: var(--ok); }
.alert.warn { background: var(--warn-soft); border-color: #fedf89; color: var(--warn); }
.table-wrap { overflow-x: auto; position: relative; }
table { width: 100%; border-collapse: collapse; font-size: .92rem; }
th { text-align: left; font-size: .78rem; text-transform: uppercase; letter-spacing: .04em;
  color: var(--muted); font-weight: 600; padding: .6rem .75rem; border-bottom: 1px solid var(--border); }
td { padding: .75rem; border-bottom: 1px solid var(--border); vertical-align: middle; }
tr:last-child td { border-bottom: 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .88em;
  background: var(--bg); padding: .1rem .35rem; border-radius: 5px; }
.badge { display: inline-block; font-size: .78rem; font-weight: 600; padding: .1rem .55rem;
  border-radius: 999px; }
.badge.active { background: var(--ok-soft); color: var(--ok); }
.badge.revoked { background: var(--danger-soft); color: var(--danger); }
.badge.expired { background: var(--warn-soft); color: var(--warn); }
.badge.admin { background: var(--accent-soft); color: var(--accent); }
.badge.feed { background: #f0fdfa; color: var(--mcp); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem 1rem; justify-content: flex-end;
  align-items: center; }
.actions form { margin: 0; }
table.names td small { display: block; }
.pages { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center;
  justify-content: space-between; margin-top: 1rem; }
.empty { text-align: center; padding: 2.5rem 1rem; color: var(--muted); }
.empty strong { display: block; color: var(--text); font-size: 1.05rem; margin-bottom: .25rem; }
.secret { display: flex; gap: .5rem; }
.secret input { flex: 1; }
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: 1rem;
  margin-bottom: 1.5rem; }
.stat { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
  padding: 1rem 1.25rem; }
.stat dt { color: var(--muted); font-size: .85rem; }
.stat dd { margin: .2rem 0 0; font-size: 1.6rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.stat dd small { font-size: .8rem; font-weight: 500; color: var(--muted); }
figure { margin: 0; }
.chart-head, .toolbar { display: flex; flex-wrap: wrap; gap: .75rem 1rem; align-items: center;
  justify-content: space-between; margin-bottom: 1rem; }
.chart-head h2 { margin: 0; }
.ranges { display: inline-flex; border: 1px solid var(--border); border-radius: 8px; overflow: hidden; }
.ranges a { padding: .4rem .9rem; min-width: 3.25rem; text-align: center; text-decoration: none;
  color: var(--muted); font-weight: 600; }
.ranges a + a { border-left: 1px solid var(--border); }
.ranges a[aria-current="page"] { background: var(--accent); color: #fff; }
.ranges a:focus-visible { outline-offset: -3px; }
.chart { margin-top: .5rem; }
.chart svg { display: block; width: 100%; overflow: visible; }
.chart-plot { height: 14rem; }
.chart-x { height: 1.25rem; }
.chart text { fill: var(--muted); font-size: 12px; }
.chart .grid { stroke: var(--border); stroke-width: 1; }
.chart .baseline { stroke: #b8bfcc; }
.chart .bar.http { fill: var(--accent); }
.chart .bar.mcp { fill: var(--mcp); }
.chart .bar.refused { fill: var(--danger); }
.chart .hit { fill: transparent; }
.bucket:hover .hit, .bucket:focus .hit { fill: var(--accent-soft); }
.bucket:focus { outline: none; }
.bucket:focus-visible .hit { stroke: var(--focus); stroke-width: 2px; }
.chart .tip { visibility: hidden; fill: var(--text); font-weight: 600; paint-order: stroke;
  stroke: var(--surface); stroke-width: 4px; stroke-linejoin: round; }
.bucket:hover .tip, .bucket:focus .tip { visibility: visible; }
.legend { display: flex; gap: 1.25rem; flex-wrap: wrap; list-style: none; padding: 0;
  margin: .75rem 0 0; font-size: .88rem; color: var(--muted); }
.legend li::before { content: ""; display: inline-block; width: .9rem; height: .2rem;
  vertical-align: middle; margin-right: .4rem; border-radius: 2px; }
.legend .http::before { background: var(--accent); }
.legend .mcp::before { background: var(--mcp); }
.legend .refused::before { background: var(--danger); }
details { margin-top: 1rem; }
summary { cursor: pointer; color: var(--accent); font-weight: 500; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1.25rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
footer { text-align: center; color: var(--muted); font-size: .8rem; padding: 1.5rem; }
@media (max-width: 40rem) {
  main { padding: 1.25rem .9rem 2rem; }
  main.narrow { padding-top: 2rem; }
  .card { padding: 1.1rem; }
  .secret { flex-direction: column; }
  .who span { display: none; }
  .top-inner { gap: .75rem; padding: .6rem .9rem; }
  .brand-name { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; }
  .chart-plot { height: 12rem; }
  /* Tables of records become one labelled card per row: every column and action stays
     on screen at phone widths instead of behind a horizontal scroll. */
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); }
  table.stack, table.stack tbody, table.stack tr { display: block; width: 100%; }
  table.stack tr { border: 1px solid var(--border); border-radius: 8px; padding: .4rem .85rem;
    margin-bottom: .75rem; }
  table.stack tr:last-child td { border-bottom: 0; }
  table.stack td { display: grid; grid-template-columns: 6.5rem minmax(0, 1fr); gap: .75rem;
    padding: .45rem 0; border: 0; text-align: left; overflow-wrap: anywhere; }
  table.stack td::before { content: attr(data-label); color: var(--muted); font-size: .78rem;
    font-weight: 600; text-transform: uppercase; letter-spacing: .04em; }
  table.stack td.actions-cell { grid-template-columns: 1fr; border-top: 1px solid var(--border);
    margin-top: .25rem; padding-top: .6rem; }
  table.stack td.actions-cell::before { content: none; }
  table.stack .actions { justify-content: flex-start; gap: .75rem 1.5rem; }
}
`;

/** The copy button of a new key: copies without ever sending the key anywhere. */
export const COPY_SCRIPT = `
document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('[data-copy]');
  if (!button) return;
  var input = document.getElementById(button.getAttribute('data-copy'));
  var status = document.getElementById(button.getAttribute('data-status'));
  function say(text) { if (status) status.textContent = text; button.textContent = text; }
  input.focus();
  input.select();
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(input.value).then(
      function () { say('Copied'); },
      function () { say('Press Ctrl+C to copy'); }
    );
  } else {
    say(document.execCommand && document.execCommand('copy') ? 'Copied' : 'Press Ctrl+C to copy');
  }
});
document.addEventListener('focusin', function (event) {
  if (event.target.matches && event.target.matches('input[data-select-all]')) event.target.select();
});
`;
