import escapeHtml from 'escape-html';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEV_TOKENS } from '../contract/endpoint.js';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { sendPage } from './http.js';

/** Where the explorer's static files are served (same origin: nothing loads from a CDN). */
export const ASSETS_PATH = '/__assets';

/** The token preset in the explorer when a tenant with it is configured (design.md's dev tenant). */
export const EXPLORER_DEV_TOKEN = DEV_TOKENS.full;

const require = createRequire(import.meta.url);

/** The package's own directory (its `package.json` is exported even where its files are not). */
function packageDir(name: string): { dir: string; version: string } {
  const file = require.resolve(`${name}/package.json`);
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
  return { dir: path.dirname(file), version };
}

interface Asset {
  /** URL below {@link ASSETS_PATH}; carries the package version, so it can be cached for good. */
  url: string;
  file: string;
}

let assetsCache: { react: Asset; reactDom: Asset; graphiqlJs: Asset; graphiqlCss: Asset } | undefined;

/** The served files, resolved once from node_modules. */
export function explorerAssets(): NonNullable<typeof assetsCache> {
  if (!assetsCache) {
    const asset = (pkg: string, file: string): Asset => {
      const { dir, version } = packageDir(pkg);
      return { url: `${ASSETS_PATH}/${pkg}@${version}/${path.basename(file)}`, file: path.join(dir, file) };
    };
    assetsCache = {
      react: asset('react', 'umd/react.production.min.js'),
      reactDom: asset('react-dom', 'umd/react-dom.production.min.js'),
      graphiqlJs: asset('graphiql', 'graphiql.min.js'),
      graphiqlCss: asset('graphiql', 'graphiql.min.css'),
    };
  }
  return assetsCache;
}

/** The bootstrap script: reads the page's JSON configuration and renders GraphiQL (no inline script). */
const BOOTSTRAP_URL = `${ASSETS_PATH}/explorer.js`;
const BOOTSTRAP_JS = `'use strict';
(function () {
  var config = JSON.parse(document.getElementById('explorer-config').textContent);
  var prefix = 'rm-harness:' + config.endpoint + ':';
  // Each endpoint keeps its own tabs and history: a 1.4.0 query would not validate against 1.2.0.
  var storage = {
    getItem: function (key) { return localStorage.getItem(prefix + key); },
    setItem: function (key, value) { localStorage.setItem(prefix + key, value); },
    removeItem: function (key) { localStorage.removeItem(prefix + key); },
    clear: function () {
      Object.keys(localStorage).forEach(function (key) {
        if (key.indexOf(prefix) === 0) localStorage.removeItem(key);
      });
    },
    get length() {
      return Object.keys(localStorage).filter(function (key) { return key.indexOf(prefix) === 0; }).length;
    },
  };
  var fetcher = GraphiQL.createFetcher({
    url: config.endpoint,
    headers: config.token ? { Authorization: 'Bearer ' + config.token } : {},
    enableIncrementalDelivery: false,
  });
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultHeaders: config.defaultHeaders,
      defaultQuery: config.defaultQuery,
      storage: storage,
      defaultEditorToolsVisibility: 'headers',
    }),
  );
})();
`;

/** Only same-origin scripts, styles (GraphiQL sets inline styles), data: images and fonts, same-origin fetches. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Escapes text for HTML element content and quoted attribute values (`&<>"'`, as express escapes its pages). */
export { escapeHtml };

/** JSON that is safe inside a `<script type="application/json">` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What an explorer page shows. */
export interface ExplorerPage {
  /** The endpoint's path, e.g. `/us/1.2.0/public-api/graphql`; the page's fetcher posts there. */
  endpoint: string;
  /** Heading, e.g. `US · 1.2.0`. */
  title: string;
  /** Token preset in the fetcher and the headers editor; none: the editor shows a placeholder. */
  token?: string;
}

const DEFAULT_QUERY = `# Schema docs and autocompletion (Ctrl+Space) come from this endpoint's introspection.
# The headers tab holds the bearer token; change it to act as another tenant.
{
  __typename
}
`;

/** The HTML page of GraphiQL for one endpoint. */
export function explorerHtml(page: ExplorerPage): string {
  const assets = explorerAssets();
  const headers = { Authorization: `Bearer ${page.token ?? '<token>'}` };
  const config = {
    endpoint: page.endpoint,
    token: page.token ?? null,
    defaultHeaders: JSON.stringify(headers, null, 2),
    defaultQuery: DEFAULT_QUERY,
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`rm-api-harness explorer · ${page.title}`)}</title>
<link rel="stylesheet" href="${escapeHtml(assets.graphiqlCss.url)}">
<style>html, body { height: 100%; margin: 0; } body { display: flex; flex-direction: column; }
header { font: 13px system-ui, sans-serif; padding: 4px 12px; } #graphiql { flex: 1; min-height: 0; }</style>
</head>
<body>
<header><a href="/">rm-api-harness</a> · ${escapeHtml(page.title)} · <code>${escapeHtml(page.endpoint)}</code></header>
<div id="graphiql">Loading the explorer…</div>
<script type="application/json" id="explorer-config">${scriptJson(config)}</script>
<script src="${escapeHtml(assets.react.url)}"></script>
<script src="${escapeHtml(assets.reactDom.url)}"></script>
<script src="${escapeHtml(assets.graphiqlJs.url)}"></script>
<script src="${escapeHtml(BOOTSTRAP_URL)}"></script>
</body>
</html>
`;
}

/**
 * Whether a request is a browser opening the endpoint: a GET (or HEAD) without a `query` parameter that
 * prefers HTML over the GraphQL media types. Anything else is GraphQL over HTTP as before.
 */
export function wantsExplorer(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (new URL(req.originalUrl, 'http://localhost').searchParams.has('query')) return false;
  if (!req.get('accept')) return false;
  return req.accepts(['application/graphql-response+json', 'application/json', 'text/html']) === 'text/html';
}

/** Middleware in front of an endpoint: serves its explorer page to browsers, passes everything else on. */
export function explorerMiddleware(page: () => ExplorerPage): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!wantsExplorer(req)) {
      next();
      return;
    }
    sendPage(res, explorerHtml(page()), CSP, { Vary: 'Accept' });
  };
}

/** The router of {@link ASSETS_PATH}: React, ReactDOM, GraphiQL and the bootstrap script, read-only. */
export function assetsRouter(): express.Router {
  const router = express.Router();
  const assets = explorerAssets();
  const immutable = { maxAge: '365d', immutable: true, dotfiles: 'deny' as const };
  for (const asset of Object.values(assets)) {
    const sub = asset.url.slice(ASSETS_PATH.length);
    router.get(sub, (_req, res, next) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.sendFile(asset.file, immutable, (error) => {
        if (error) next(res.headersSent ? error : undefined);
      });
    });
  }
  router.get(BOOTSTRAP_URL.slice(ASSETS_PATH.length), (_req, res) => {
    res
      .set({
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(BOOTSTRAP_JS);
  });
  return router;
}
