import { existsSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import express from 'express';
import { VERSIONS, CURRENT_VERSION } from '../contract/versions.js';
import { DEV_TOKENS } from '../contract/endpoint.js';
import { REGIONS, type TenantConfig } from '../simulator/index.js';
import { escapeHtml } from './explorer.js';
import { sendPage } from './http.js';

/** The reports the home page links when they exist, and their media types; no other name is served. */
const REPORTS: Readonly<Record<string, string>> = {
  'conformance.html': 'text/html; charset=utf-8',
  'conformance.md': 'text/markdown; charset=utf-8',
  'bench.md': 'text/markdown; charset=utf-8',
};

/** Tokens design.md publishes; the page shows a tenant's token only if it is one of these. */
const PUBLISHED_TOKENS = new Set<string>(Object.values(DEV_TOKENS));

/** Where the reports are served. */
export const REPORTS_PATH = '/__reports';

/** What the home page needs. */
export interface HomeOptions {
  /** The tenants as they are now (the admin API may change them). */
  tenants: () => readonly TenantConfig[];
  /** The GraphQL path below every base address. */
  graphqlPath: string;
  /** Folder of the latest reports; default `reports/` of the working directory. */
  reportsDir?: string;
}

const onOff = (value: boolean) => (value ? 'on' : 'off');

/**
 * The command that writes the conformance reports the page links, through the package's own bin: it works
 * wherever the simulator does (an installed package has none of a checkout's npm scripts).
 */
function conformCommand(reportsDir: string): string {
  const quoted = /^[\w./-]+$/.test(reportsDir) ? reportsDir : `'${reportsDir.replaceAll("'", "'\\''")}'`;
  return `npx rm-harness conform --target sim --version all --report-dir ${quoted}`;
}

function homeHtml(options: HomeOptions, reportsDir: string): string {
  const e = escapeHtml;
  const link = (href: string, text = href) => `<a href="${e(href)}">${e(text)}</a>`;
  const endpoint = (region: string, version: string) => `/${region}/${version}${options.graphqlPath}`;
  const explorerRows = REGIONS.map(
    (region) =>
      `<tr><th>${e(region)}</th>${VERSIONS.map((v) => `<td>${link(endpoint(region, v))}</td>`).join('')}</tr>`,
  ).join('\n');
  const tenantRows = options
    .tenants()
    .map(
      (t) =>
        `<tr><td>${e(t.name)}</td><td><code>${e(t.id)}</code></td>` +
        `<td>${PUBLISHED_TOKENS.has(t.token) ? `<code>${e(t.token)}</code>` : '(configured)'}</td>` +
        `<td>${t.fullCloud ? 'yes' : 'no'}</td><td>${onOff(t.languageSpecificInformation)}</td>` +
        `<td>${onOff(t.auditFeature)}</td></tr>`,
    )
    .join('\n');
  const reports = Object.keys(REPORTS).filter((name) => existsSync(path.join(reportsDir, name)));
  const reportsHtml = reports.length
    ? `<ul>${reports.map((name) => `<li>${link(`${REPORTS_PATH}/${name}`, name)}</li>`).join('')}</ul>`
    : `<p>No reports in <code>${e(reportsDir)}</code> yet: <code>${e(conformCommand(reportsDir))}</code> writes them.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rm-api-harness simulator</title>
<style>body { font: 14px system-ui, sans-serif; margin: 2em; max-width: 70em; }
table { border-collapse: collapse; } th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; }</style>
</head>
<body>
<h1>rm-api-harness simulator</h1>
<p>Regions: ${REGIONS.map((r) => `<code>${e(r)}</code>`).join(', ')}.
Revisions: ${VERSIONS.map((v) => `<code>${e(v)}</code>`).join(', ')}.</p>
<h2>Explorers</h2>
<p>Open an endpoint in a browser for GraphiQL on that region and revision (GraphQL clients get GraphQL over HTTP there).</p>
<table>
<tr><th>region</th>${VERSIONS.map((v) => `<th>${e(v)}</th>`).join('')}</tr>
${explorerRows}
</table>
<p>${link(options.graphqlPath)} is <code>us</code>, <code>${e(CURRENT_VERSION)}</code>.</p>
<h2>Tenants</h2>
<table>
<tr><th>name</th><th>id</th><th>token</th><th>full cloud</th><th>language-specific information</th><th>audit feature</th></tr>
${tenantRows}
</table>
<h2>Admin</h2>
<p>${link('/__admin/health')} (the control API is under <code>/__admin/</code>, with the admin token).</p>
<p>${link('/__inspect', 'Request inspector')}: every request as it arrives, with its document, variables and response.</p>
<h2>Latest reports</h2>
${reportsHtml}
</body>
</html>
`;
}

/** The home page at `/` and the read-only reports under {@link REPORTS_PATH}. */
export function homeRouter(options: HomeOptions): express.Router {
  const reportsDir = path.resolve(options.reportsDir ?? 'reports');
  const router = express.Router();
  router.get('/', (_req, res) => {
    sendPage(
      res,
      homeHtml(options, reportsDir),
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
    );
  });
  router.get(`${REPORTS_PATH}/:name`, (req, res, next) => {
    const name = req.params['name'] ?? '';
    const type = Object.hasOwn(REPORTS, name) ? REPORTS[name] : undefined;
    if (!type) {
      next();
      return;
    }
    // A report is a file of the folder itself: a symbolic link (to anywhere) is not served.
    lstat(path.join(reportsDir, name)).then(
      (stat) => (stat.isFile() ? sendReport(res, reportsDir, name, type, next) : next()),
      () => next(),
    );
  });
  return router;
}

/** Sends one report file of `reportsDir`, locked down: a report shows responses of real endpoints. */
function sendReport(
  res: express.Response,
  reportsDir: string,
  name: string,
  type: string,
  next: express.NextFunction,
): void {
  res.set({
    'Content-Type': type,
    'Cache-Control': 'no-cache',
    // No script of a report runs on this origin.
    'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    'X-Content-Type-Options': 'nosniff',
  });
  res.sendFile(name, { root: reportsDir, dotfiles: 'deny' }, (error) => {
    // A missing report falls through to the 404 of unknown paths (no file system detail leaks).
    if (error) next(res.headersSent ? error : undefined);
  });
}
