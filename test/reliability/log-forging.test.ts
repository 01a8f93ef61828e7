// Hostile clients (issue "hostile clients", class "log forging"): a control character in a value the
// client chose (here the operation name, sent without a token) cannot start a line of its own in the
// request log, whatever its format.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { requestLogger, type LogFormat } from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const FORGED = 'Legit\n[00:00:00.000] INFO: POST /__admin/faults mutation Forged → 200 in 1 ms\u001b[2K\r';

describe.each<LogFormat>(['pretty', 'json'])('hostile: log forging (%s)', (format) => {
  let server: TestServer;
  let written = '';
  beforeAll(async () => {
    server = await startTestServer({
      onRequestHead: requestLogger(format, { write: (text) => (written += text) }),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('writes one line per request, with the control characters escaped', async () => {
    for (const token of [undefined, 'dev-token']) {
      const res = await fetch(`${server.url}/public-api/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query: '{ __typename }', operationName: FORGED }),
      });
      await res.arrayBuffer();
    }
    const deadline = Date.now() + 10_000;
    while (written.split('\n').filter(Boolean).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = written.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(written).not.toContain('\r');
    expect(written).not.toContain('\u001b');
    for (const line of lines) {
      const shown = format === 'json' ? (JSON.parse(line) as { msg: string }).msg : line;
      expect(shown).toContain('Legit\\n[00:00:00.000] INFO');
    }
  });
});
