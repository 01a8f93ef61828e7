// `serve --engine jit|graphql-js` (and RM_HARNESS_ENGINE): the flag is parsed, checked and resolved with
// its default; test/api/engines.test.ts shows both engines answer alike.
import { describe, expect, it } from '@jest/globals';
import { resolveServeFlags } from '../../src/cli/resolve-serve.js';
import { cli } from '../helpers/cli-io.js';

describe('serve --engine', () => {
  it('defaults to jit and takes graphql-js', () => {
    expect(resolveServeFlags({}, {}).engine).toBe('jit');
    expect(resolveServeFlags({ engine: 'graphql-js' }, {}).engine).toBe('graphql-js');
  });

  it('refuses an unknown engine, from the flag or from RM_HARNESS_ENGINE, with exit code 2', async () => {
    const flag = await cli(['serve', '--engine', 'fast', '--port', '0', '--in-memory'], { env: {} });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/engine.*"fast".*"jit", "graphql-js"/s);
    const env = await cli(['serve', '--port', '0', '--in-memory'], { env: { RM_HARNESS_ENGINE: 'fast' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/engine.*"fast"/s);
  });
});
