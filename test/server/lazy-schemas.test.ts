import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLSchema } from 'graphql';
import type { Version } from '../../src/contract/versions.js';
import { createApp } from '../../src/server/app.js';
import { Simulator } from '../../src/simulator/index.js';

/** A simulator that records which revisions' executable schemas were asked for, in order. */
class RecordingSimulator extends Simulator {
  readonly built: Version[] = [];
  override schema(version: Version): GraphQLSchema {
    this.built.push(version);
    return super.schema(version);
  }
}

let simulator: RecordingSimulator;
let server: Server;
let url: string;
let builtAtStart: Version[];

beforeAll(async () => {
  simulator = new RecordingSimulator({ inMemory: true, profile: 'small' });
  server = createServer(createApp(simulator, { adminToken: 'admin-token', log: () => {} }));
  builtAtStart = [...simulator.built];
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await simulator.close();
});

const post = (path: string, query: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

describe('revision schemas at start-up', () => {
  it('builds no revision schema when the app is created, and only the requested one on a request', async () => {
    expect(builtAtStart).toEqual([]);
    const health = await fetch(`${url}/__admin/health`);
    expect(health.status).toBeLessThan(500);
    expect(simulator.built).toEqual([]);
    const res = await post('/public-api/graphql', '{ __typename }');
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
    expect(new Set(simulator.built)).toEqual(new Set(['1.4.0']));
  });

  it('builds the other revision on its first request, and answers an unknown one as before', async () => {
    const old = await post('/eu/1.2.0/public-api/graphql', '{ __type(name: "Opportunity") { name } }');
    expect(await old.json()).toEqual({ data: { __type: null } });
    expect(new Set(simulator.built)).toEqual(new Set(['1.4.0', '1.2.0']));
    const unknown = await post('/us/9.9.9/public-api/graphql', '{ __typename }');
    expect(unknown.status).toBe(404);
    const body = (await unknown.json()) as { errors: Array<{ message: string }> };
    expect(body.errors[0]?.message).toMatch(/Unknown revision "9\.9\.9"/);
  });
});
