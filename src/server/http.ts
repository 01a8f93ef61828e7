import type { Request, Response } from 'express';

/** The GraphQL error envelope of a response that is not a GraphQL execution (401, 404, 413 …). */
export function errorBody(
  message: string,
  code: string,
): { errors: Array<{ message: string; extensions: { code: string } }> } {
  return { errors: [{ message, extensions: { code } }] };
}

/** Sends an error envelope with a status. */
export function sendError(res: Response, status: number, message: string, code: string): void {
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify(errorBody(message, code)));
}

/** The bearer token of the request's Authorization header, or undefined. */
export function bearerToken(req: Request): string | undefined {
  return bearerOf(req.get('authorization'));
}

/** The bearer token of an Authorization header's value, or undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Answers 200 with one of the server's own HTML pages: never cached (they show live state), never
 * sniffed, and locked down by the page's Content-Security-Policy.
 */
export function sendPage(
  res: Response,
  html: string,
  csp: string,
  headers: Record<string, string> = {},
): void {
  res
    .status(200)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    })
    .send(html);
}
