// chain(): handlers behind one router layer behave as `app.use(path, ...handlers)` would run them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chain } from '../../src/server/chain.js';

describe('chain', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    const mark = (name: string) => (req: Request, _res: Response, next: NextFunction) => {
      res(req).push(name);
      next();
    };
    const res = (req: Request): string[] => ((req as Request & { seen?: string[] }).seen ??= []);
    app.use(
      '/ok',
      chain([
        mark('a'),
        async (req: Request, _res: Response, next: NextFunction) => {
          await Promise.resolve();
          res(req).push(`b:${req.baseUrl}:${req.url}`);
          next();
        },
        (req: Request, response: Response) => {
          response.json({ seen: res(req) });
        },
      ]),
    );
    app.use(
      '/fails',
      chain([
        mark('a'),
        (req: Request, _res: Response, next: NextFunction) =>
          next(req.query['how'] === 'next' ? new Error('by next') : undefined),
        (req: Request) => {
          if (req.query['how'] === 'throw') throw new Error('thrown');
        },
      ]),
    );
    app.use(
      '/rejects',
      chain([
        async () => {
          await Promise.resolve();
          throw new Error('rejected');
        },
      ]),
    );
    app.use(
      '/skips',
      chain([mark('a'), (_req: Request, _res: Response, next: NextFunction) => next('route')]),
    );
    app.use('/skips', (req: Request, response: Response) => {
      response.json({ after: res(req) });
    });
    app.use((error: Error, _req: Request, response: Response, _next: NextFunction) => {
      response.status(500).json({ error: error.message });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('runs the handlers in order under the mount path, awaiting none but passing on', async () => {
    expect(await get('/ok/sub')).toEqual({ status: 200, body: { seen: ['a', 'b:/ok:/sub'] } });
  });

  it('leaves with the error of next(error), of a throw and of a rejected promise', async () => {
    expect(await get('/fails?how=next')).toEqual({ status: 500, body: { error: 'by next' } });
    expect(await get('/fails?how=throw')).toEqual({ status: 500, body: { error: 'thrown' } });
    expect(await get('/rejects')).toEqual({ status: 500, body: { error: 'rejected' } });
  });

  it("leaves quietly with next('route'), so the next layer answers", async () => {
    expect(await get('/skips')).toEqual({ status: 200, body: { after: ['a'] } });
  });
});
