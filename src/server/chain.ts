import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Express handlers run in order as one handler, as `app.use(path, ...handlers)` would run them, but
 * behind one router layer instead of one each: per request the router matches, trims and restores the
 * path for every layer it passes, and the GraphQL endpoints (seven mounts) are every request's path.
 * `next(error)` and a rejected promise leave the chain with the error, `next('route')` leaves it quietly.
 */
export function chain(handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error === 'route') return done();
      if (error) return done(error);
      const handler = handlers[index];
      index += 1;
      if (!handler) return done();
      try {
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise)
          result.catch((rejected: unknown) => next(rejected ?? new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
