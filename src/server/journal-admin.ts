import express, { type Request, type Router } from 'express';
import { adminAuth, type AdminAuthOptions } from './admin-auth.js';
import { sendError } from './http.js';
import type { JournalEntry, JournalFilter, RequestJournal } from './journal.js';
import { countRequestsHandlers } from './journal-verify.js';
import { CODE } from '../contract/error-codes.js';

/** How often an idle live stream sends a comment, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 15_000;
/** How many past requests a new live stream starts with. */
const STREAM_BACKLOG = 200;
/** `limit` of `GET /__admin/requests` when none is given. */
const DEFAULT_LIMIT = 100;

/** An entry without its bulky parts: what the live stream sends (the inspector fetches the rest). */
export type JournalSummary = Omit<JournalEntry, 'document' | 'variables' | 'response' | 'events'>;

/** The summary of an entry. */
export function summarize(entry: JournalEntry): JournalSummary {
  const {
    document: _document,
    variables: _variables,
    response: _response,
    events: _events,
    ...summary
  } = entry;
  return summary;
}

/** A journal filter from query parameters; a string says what is wrong with them. */
export function parseFilter(query: Request['query'], max: number): JournalFilter | string {
  const filter: JournalFilter = {};
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const tenant = text('tenant');
  const region = text('region');
  const operation = text('operation');
  if (tenant !== undefined) filter.tenant = tenant;
  if (region !== undefined) filter.region = region;
  if (operation !== undefined) filter.operation = operation;
  const status = text('status');
  if (status !== undefined) {
    if (/^[1-5]xx$/i.test(status)) filter.status = `${Number(status[0])}xx`;
    else if (/^[1-5]\d\d$/.test(status)) filter.status = Number(status);
    else return `status must be an HTTP status (200) or a class (4xx), not "${status}"`;
  }
  const since = text('since');
  if (since !== undefined) {
    const ms = Date.parse(since);
    if (Number.isNaN(ms)) return `since must be an ISO date-time, not "${since}"`;
    filter.since = ms;
  }
  const limit = text('limit');
  if (limit !== undefined) {
    const n = Number(limit);
    if (!Number.isSafeInteger(n) || n < 1 || n > max) return `limit must be an integer from 1 to ${max}`;
    filter.limit = n;
  } else filter.limit = Math.min(DEFAULT_LIMIT, max);
  return filter;
}

/** What the journal's admin routes need. */
export interface JournalAdminOptions extends Omit<AdminAuthOptions, 'queryToken'> {
  journal: RequestJournal;
  /** The routes of the whole admin API for its index (read per request). */
  index: () => unknown[];
}

/**
 * The journal's part of the admin API: the index (`GET /`, open like `/health`), the journal
 * (`GET|DELETE /requests`, `GET /requests/:id`, `POST /requests/count`: verification) and its live stream of server-sent events
 * (`GET /requests/stream`), all with the admin token.
 */
export function journalAdminRouter(options: JournalAdminOptions): Router {
  const { journal } = options;
  const router = express.Router();

  router.get('/', (_req, res) => {
    res.json({ admin: '/__admin/', routes: options.index() });
  });

  router.get('/requests/stream', adminAuth({ ...options, queryToken: true }), (_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = (entry: JournalEntry) =>
      res.write(`id: ${entry.id}\nevent: request\ndata: ${JSON.stringify(summarize(entry))}\n\n`);
    // The backlog first, oldest first, so the page's list reads like the live events that follow.
    for (const entry of journal.list({ limit: STREAM_BACKLOG }).reverse()) send(entry);
    res.write(': live\n\n');
    // A closing server waits for open responses, so the journal's end ends the stream.
    const unsubscribe = journal.subscribe(send, () => res.end());
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  router.use('/requests', adminAuth(options));

  router.get('/requests', (req, res) => {
    const filter = parseFilter(req.query, journal.size);
    if (typeof filter === 'string')
      return sendError(res, 400, `Invalid filter: ${filter}.`, CODE.BAD_REQUEST);
    const requests = journal.list(filter);
    // bytes/maxBytes: what the kept entries count against the journal's byte budget.
    res.json({
      size: journal.size,
      total: journal.length,
      bytes: journal.bytes,
      maxBytes: journal.maxBytes,
      requests,
    });
  });

  router.post('/requests/count', ...countRequestsHandlers(journal));

  router.delete('/requests', (_req, res) => {
    journal.clear();
    res.json({ size: journal.size, total: 0, requests: [] });
  });

  router.get('/requests/:id', (req, res) => {
    const entry = journal.get(req.params['id'] ?? '');
    if (!entry)
      return sendError(res, 404, `No request "${req.params['id']}" in the journal.`, CODE.NOT_FOUND);
    res.json({ request: entry });
  });

  return router;
}
