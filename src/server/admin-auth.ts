import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { bearerToken, sendError } from './http.js';
import { sameToken } from '../secrets/index.js';
import { CODE } from '../contract/error-codes.js';

/** Default admin token of design.md. */
export const DEFAULT_ADMIN_TOKEN = 'admin-token';

/** How the admin API recognises its callers. */
export interface AdminAuthOptions {
  adminToken: string;
  /** Whether a token is a tenant's (a tenant calling the admin API gets 403 rather than 401). */
  isTenantToken: (token: string) => boolean;
  /**
   * Also accept the admin token as the `token` query parameter: only for the live stream, because a
   * browser's EventSource cannot send an Authorization header.
   */
  queryToken?: boolean;
}

/** Middleware that lets only the admin token through. */
export function adminAuth(options: AdminAuthOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const query = options.queryToken ? req.query['token'] : undefined;
    const token = bearerToken(req) ?? (typeof query === 'string' ? query : undefined);
    if (sameToken(token, options.adminToken)) return next();
    if (token !== undefined && options.isTenantToken(token)) {
      sendError(res, 403, 'Tenant tokens cannot use the admin API; use the admin token.', CODE.FORBIDDEN);
      return;
    }
    res.setHeader('WWW-Authenticate', 'Bearer realm="rm-api-harness admin"');
    sendError(res, 401, 'The admin API needs the admin bearer token.', CODE.UNAUTHENTICATED);
  };
}
