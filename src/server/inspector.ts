import express from 'express';
import { ASSETS_PATH, escapeHtml } from './explorer.js';
import { sendPage } from './http.js';

/** Where the live request inspector is served. */
export const INSPECT_PATH = '/__inspect';

const SCRIPT_URL = `${ASSETS_PATH}/inspector.js`;
const STYLE_URL = `${ASSETS_PATH}/inspector.css`;

/** Same-origin script, style and connections only; nothing inline runs. */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** What the inspector page needs. */
export interface InspectorOptions {
  /** The admin token to preset in the page: only the published default, never a configured one. */
  presetToken?: string;
}

function inspectorHtml(options: InspectorOptions): string {
  const config = JSON.stringify({ presetToken: options.presetToken ?? null }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rm-api-harness · request inspector</title>
<link rel="stylesheet" href="${escapeHtml(STYLE_URL)}">
</head>
<body>
<header>
<a href="/">rm-api-harness</a> · request inspector
<form id="connect">
<label>Admin token <input id="token" type="password" autocomplete="off" required></label>
<button type="submit">Connect</button>
<span id="state" role="status">not connected</span>
</form>
</header>
<form id="filters">
<label>Tenant <input id="f-tenant" placeholder="any"></label>
<label>Operation <input id="f-operation" placeholder="name or root field"></label>
<label>Status <select id="f-status"><option value="">any</option><option>2xx</option><option>4xx</option><option>5xx</option></select></label>
<button type="button" id="clear">Clear journal</button>
</form>
<main>
<section id="list-pane">
<table id="requests">
<thead><tr><th>time</th><th>tenant</th><th>endpoint</th><th>operation</th><th>status</th><th>ms</th><th>errors</th></tr></thead>
<tbody></tbody>
</table>
<p id="empty">No requests yet: send one to any endpoint.</p>
</section>
<section id="detail" hidden>
<h2 id="d-title"></h2>
<dl id="d-summary"></dl>
<h3>Document</h3><pre id="d-document"></pre>
<h3>Variables</h3><pre id="d-variables"></pre>
<h3>Response</h3><pre id="d-response"></pre>
<h3>Change events recorded</h3><pre id="d-events"></pre>
</section>
</main>
<script type="application/json" id="inspector-config">${config}</script>
<script src="${escapeHtml(SCRIPT_URL)}"></script>
</body>
</html>
`;
}

/** The page's script: the live list over server-sent events, filters, and the detail of one request. */
const SCRIPT = `'use strict';
(function () {
  var config = JSON.parse(document.getElementById('inspector-config').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var rows = $('requests').tBodies[0];
  var entries = [];
  var source = null;
  var token = sessionStorage.getItem('rm-harness:admin-token') || config.presetToken || '';
  $('token').value = token;

  function text(tag, value, cls) {
    var el = document.createElement(tag);
    el.textContent = value;
    if (cls) el.className = cls;
    return el;
  }
  function statusClass(status) { return 's' + String(status).charAt(0) + 'xx'; }
  function shown(e) {
    var tenant = $('f-tenant').value.trim();
    var operation = $('f-operation').value.trim();
    var status = $('f-status').value;
    if (tenant && e.tenant !== tenant) return false;
    if (operation && e.operation.name !== operation && e.operation.fields.indexOf(operation) < 0) return false;
    if (status && String(e.status).charAt(0) !== status.charAt(0)) return false;
    return true;
  }
  function row(e) {
    var tr = document.createElement('tr');
    tr.dataset.id = e.id;
    tr.tabIndex = 0;
    tr.appendChild(text('td', e.time.slice(11, 23)));
    tr.appendChild(text('td', e.tenant || '—'));
    tr.appendChild(text('td', e.region + ' · ' + e.revision));
    tr.appendChild(text('td', (e.operation.type || '?') + ' ' + (e.operation.name || e.operation.fields.join(', ') || '(none)')));
    tr.appendChild(text('td', String(e.status), statusClass(e.status)));
    tr.appendChild(text('td', e.durationMs.toFixed(1)));
    tr.appendChild(text('td', e.errorCodes.join(', ')));
    tr.addEventListener('click', function () { open(e.id); });
    tr.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') open(e.id); });
    return tr;
  }
  function render() {
    rows.textContent = '';
    var visible = entries.filter(shown);
    for (var i = visible.length - 1; i >= 0; i -= 1) rows.appendChild(row(visible[i]));
    $('empty').hidden = visible.length > 0;
  }
  function pretty(value) {
    return value === null || value === undefined ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  }
  function open(id) {
    fetch('/__admin/requests/' + encodeURIComponent(id), { headers: { Authorization: 'Bearer ' + token } })
      .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
      .then(function (r) {
        if (!r.ok) throw new Error(r.body.errors ? r.body.errors[0].message : 'request failed');
        var e = r.body.request;
        $('detail').hidden = false;
        $('d-title').textContent = e.id + ' · ' + (e.operation.type || '?') + ' ' + (e.operation.name || e.operation.fields.join(', ') || '(none)');
        var summary = $('d-summary');
        summary.textContent = '';
        [['arrived', e.time], ['endpoint', e.method + ' ' + e.path], ['tenant', e.tenant || '—'],
         ['status', String(e.status)], ['duration', e.durationMs + ' ms'],
         ['error codes', e.errorCodes.join(', ') || '—'], ['ids returned', e.ids.join(', ') || '—']]
          .forEach(function (pair) { summary.appendChild(text('dt', pair[0])); summary.appendChild(text('dd', pair[1])); });
        $('d-document').textContent = pretty(e.document);
        $('d-variables').textContent = pretty(e.variables);
        $('d-response').textContent = pretty(e.response) + (e.responseTruncated ? '\\n… (cut)' : '');
        $('d-events').textContent = e.events.length ? pretty(e.events) : '(none)';
      })
      .catch(function (err) { $('state').textContent = err.message; });
  }
  function connect() {
    if (source) source.close();
    entries = [];
    render();
    sessionStorage.setItem('rm-harness:admin-token', token);
    source = new EventSource('/__admin/requests/stream?token=' + encodeURIComponent(token));
    source.addEventListener('open', function () { $('state').textContent = 'live'; });
    source.addEventListener('error', function () {
      $('state').textContent = source.readyState === EventSource.CLOSED ? 'refused (check the admin token)' : 'reconnecting…';
    });
    source.addEventListener('request', function (ev) {
      var e = JSON.parse(ev.data);
      if (entries.some(function (x) { return x.id === e.id; })) return;
      entries.push(e);
      if (entries.length > 1000) entries.shift();
      render();
    });
  }
  $('connect').addEventListener('submit', function (ev) {
    ev.preventDefault();
    token = $('token').value;
    connect();
  });
  $('filters').addEventListener('input', render);
  $('clear').addEventListener('click', function () {
    fetch('/__admin/requests', { method: 'DELETE', headers: { Authorization: 'Bearer ' + token } })
      .then(function () { entries = []; render(); $('detail').hidden = true; });
  });
  if (token) connect();
})();
`;

const STYLE = `body { font: 13px system-ui, sans-serif; margin: 0; }
header, #filters { padding: 6px 12px; border-bottom: 1px solid #ddd; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
header form { display: flex; gap: 8px; align-items: center; margin-left: auto; }
main { display: flex; align-items: flex-start; }
#list-pane { flex: 1; overflow: auto; max-height: calc(100vh - 80px); }
#detail { flex: 1; padding: 0 12px; overflow: auto; max-height: calc(100vh - 80px); border-left: 1px solid #ddd; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid #eee; white-space: nowrap; }
tbody tr { cursor: pointer; } tbody tr:hover, tbody tr:focus { background: #eef4ff; }
.s2xx { color: #176f2c; } .s4xx { color: #a15c00; } .s5xx { color: #b00020; }
pre { background: #f6f8fa; padding: 8px; overflow: auto; max-height: 40vh; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; } dt { color: #555; } dd { margin: 0; }
`;

/**
 * The request inspector: `/__inspect` and its script and style under {@link ASSETS_PATH}. The page
 * itself holds no data and is served without a token; it asks for the admin token and uses it for the
 * live stream (as `?token=`, since EventSource sends no headers) and for each request's detail.
 */
export function inspectorRouter(options: InspectorOptions = {}): express.Router {
  const router = express.Router();
  router.get(INSPECT_PATH, (_req, res) => {
    sendPage(res, inspectorHtml(options), CSP);
  });
  const asset = (url: string, type: string, body: string) =>
    router.get(url, (_req, res) => {
      res
        .set({ 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' })
        .send(body);
    });
  asset(SCRIPT_URL, 'text/javascript; charset=utf-8', SCRIPT);
  asset(STYLE_URL, 'text/css; charset=utf-8', STYLE);
  return router;
}
