import { networkInterfaces } from 'node:os';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendError } from './http.js';
import { CODE } from '../contract/error-codes.js';

/** Host names that always reach the admin API and the inspector: the loopback ones. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Whether a listen address is a loopback one (only this machine can connect). */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** A host name as the allow-list compares it: lower case, an IPv6 literal in brackets, no trailing dot. */
function normalized(host: string): string {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

/** The host name of a Host header (its port left out), or undefined when it has none. */
export function hostName(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  const bracketed = /^(\[[^\]]*\])(?::\d*)?$/.exec(header);
  if (bracketed) return normalized(bracketed[1]!);
  return normalized(header.replace(/:\d*$/, ''));
}

/**
 * The host names accepted by default: the loopback names and the address the server listens on; for a
 * wildcard address (0.0.0.0, ::) every address of this machine's interfaces. Only names a DNS answer
 * can point anywhere are a rebinding risk, and an address literal is not one.
 */
export function defaultAllowedHosts(bound: string): string[] {
  const hosts = new Set(LOOPBACK_HOSTS);
  const name = normalized(bound);
  if (name === '0.0.0.0' || name === '[::]') {
    for (const addresses of Object.values(networkInterfaces()))
      for (const address of addresses ?? []) hosts.add(normalized(address.address));
  } else hosts.add(name);
  return [...hosts];
}

/**
 * Middleware of the control surfaces (the admin API, the inspector): a request whose Host header names
 * none of `allowed` is answered 403 with the error envelope, so a page of another origin cannot reach
 * them through DNS rebinding. `*` in `allowed` lets every host through.
 */
export function hostCheck(allowed: readonly string[]): RequestHandler {
  const any = allowed.includes('*');
  const names = new Set(allowed.map(normalized));
  return (req: Request, res: Response, next: NextFunction) => {
    if (any) return next();
    const name = hostName(req.headers.host);
    if (name !== undefined && names.has(name)) return next();
    sendError(
      res,
      403,
      `Host "${req.headers.host ?? ''}" may not use the admin API or the inspector; ` +
        'allow it with serve --allowed-hosts.',
      CODE.FORBIDDEN,
    );
  };
}
