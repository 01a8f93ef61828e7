// The fuzz session sends every step through the conformance runner's `runStep`, so what it records,
// captures and judges is what `conform` does with the same step.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Target } from '../../src/conformance/target/target.js';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { InvariantViolation, type FuzzSession } from '../../src/fuzz/session.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { sessionOn, simulatorTargetAt } from './helpers.js';

const schema = buildRevisionSchema('1.4.0');

describe('FuzzSession', () => {
  let sim: TestServer;
  let target: Target;
  beforeAll(async () => {
    sim = await startTestServer();
    target = await simulatorTargetAt(sim.url, ['1.4.0']);
  });
  afterAll(async () => {
    await sim.close();
  });

  const session = (): FuzzSession => sessionOn(target, schema);

  it('captures a null answer in a deciding step as the runner does', async () => {
    const s = session();
    await s.send({
      id: 'plain',
      document: 'query { r: list(id: "no-such-list") { id } }',
      capture: { plainNull: 'data.r' },
    });
    const body = await s.sendDeciding(
      {
        id: 'deciding',
        document: 'query { r: list(id: "no-such-list") { id } }',
        capture: { decidedNull: 'data.r' },
      },
      () => [],
    );
    expect(body).toEqual({ data: { r: null } });
    expect(s.ctx.captures).toEqual({ plainNull: null, decidedNull: null });
  });

  it('records the decided expectations in the step and judges the answer by them', async () => {
    const s = session();
    const decided = [{ path: 'data.r', equals: null }];
    await s.sendDeciding(
      { id: 'held', document: 'query { r: list(id: "no-such-list") { id } }' },
      () => decided,
    );
    expect(s.recorded.map((r) => [r.step.id, r.step.expect, r.result.status])).toEqual([
      ['s1-held', decided, 'passed'],
    ]);
    const violated = s.sendDeciding(
      { id: 'broken', document: 'query { r: list(id: "no-such-list") { id } }' },
      () => [{ path: 'data.r', equals: 'something' }],
    );
    await expect(violated).rejects.toBeInstanceOf(InvariantViolation);
    await expect(violated).rejects.toMatchObject({ violation: { invariant: 'judge', stepId: 's2-broken' } });
    expect(s.recorded[1]?.result.status).toBe('failed');
  });

  it('holds a deciding step that expects an error to that error, not to the data shape', async () => {
    const s = session();
    await s.sendDeciding(
      {
        id: 'refused',
        document: 'query Refused($id: ID!) { r: list(id: $id) { id } }',
        variables: { id: null },
      },
      (body) => ((body as { errors?: unknown[] }).errors ? [{ error: {} }] : []),
    );
    expect(s.recorded[0]?.step.expect).toEqual([{ error: {} }]);
    expect(s.recorded[0]?.result).toMatchObject({ status: 'passed', differences: [] });
  });
});
