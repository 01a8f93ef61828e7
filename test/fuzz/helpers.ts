// Set-up shared by the fuzz tests: a target on a test simulator, and a session on a target.
import type { GraphQLSchema } from 'graphql';
import { openTarget } from '../../src/conformance/target/open.js';
import type { Target } from '../../src/conformance/target/target.js';
import type { Version } from '../../src/contract/versions.js';
import { FuzzSession } from '../../src/fuzz/session.js';

export const http = { timeoutMs: 20000, retries: 0 };

/** The target of a simulator at `baseUrl`, both tenants, every region. */
export async function simulatorTargetAt(baseUrl: string, revisions: Version[]): Promise<Target> {
  const opened = await openTarget(
    {
      target: `${baseUrl}/{region}/{version}/public-api/graphql`,
      token: 'dev-token',
      limitedToken: 'dev-token-limited',
      headers: [],
      region: 'us',
    },
    revisions,
    http,
    undefined,
  );
  if (!opened.ok) throw new Error(opened.error);
  return opened.open.target;
}

/** A fuzz session on 1.4.0 with a fixed uuid, recording into an empty scenario. */
export function sessionOn(target: Target, schema: GraphQLSchema): FuzzSession {
  return new FuzzSession({
    target,
    http,
    revision: '1.4.0',
    schema,
    runId: 'unit',
    uuid: () => '00000000-0000-0000-0000-000000000000',
    scenario: {
      id: 'fuzz.unit',
      title: 'unit',
      revisions: ['1.4.0'],
      tags: [],
      spec: [],
      assumptions: [],
      steps: [],
    },
  });
}
