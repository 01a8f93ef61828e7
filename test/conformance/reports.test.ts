import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderReports } from '../../src/conformance/report/write.js';
import { secretValues } from '../../src/conformance/results/mask.js';
import type { RunResult } from '../../src/conformance/results/run-result.js';
import { startTestServer, TEST_TOKEN, type TestServer } from './helpers/server.js';
import { runShipped, targetOf } from './helpers/run.js';

describe('reporters', () => {
  let server: TestServer;
  let result: RunResult;
  const secrets = secretValues(targetOf('x').headers);
  beforeAll(async () => {
    server = await startTestServer({ deviation: 'omit-validation-error', simulator: true });
    result = await runShipped(server.endpoint);
  });
  afterAll(() => server.close());

  it('never shows the token', () => {
    for (const text of Object.values(renderReports(result, secrets))) {
      expect(text).not.toContain(TEST_TOKEN);
    }
    expect(renderReports(result, secrets).json).toContain('"authorization": "Bearer ***"');
  });

  it('writes stable JSON: sorted keys, masked timings, run id and generated values, and the failure keys', async () => {
    let n = 100;
    // A fresh server, so the ids it hands out are the same as in the first run.
    const fresh = await startTestServer({ deviation: 'omit-validation-error', simulator: true });
    const again = await runShipped(fresh.endpoint, {
      runId: 'run-2',
      uuid: () => `other-${++n}`,
      now: () => new Date(),
    });
    await fresh.close();
    const port = (url: string): string => new URL(url).port;
    const sameHost = (text: string): string => text.split(port(fresh.url)).join(port(server.url));
    const a = renderReports(result, secrets, { generated: ['uuid-1', 'uuid-2', 'uuid-3'] }).json;
    const b = renderReports(again, secrets, { generated: ['other-101', 'other-102', 'other-103'] }).json;
    expect(sameHost(b)).toBe(a);
    const parsed = JSON.parse(a) as { failures: string[]; runId: string; startedAt: string };
    expect(parsed.runId).toBe('<run-id>');
    expect(parsed.startedAt).toBe('<time>');
    expect(parsed.failures).toEqual([
      'lists.add-list-validation@1.2.0/invalid/validationErrors:name,folderTypeId/missing-validation-error/data.addList.validationErrors',
      'lists.add-list-validation@1.4.0/invalid/validationErrors:name,folderTypeId/missing-validation-error/data.addList.validationErrors',
    ]);
    expect(Object.keys(JSON.parse(a) as object)).toEqual([...Object.keys(JSON.parse(a) as object)].sort());
  });

  it('writes one JUnit testcase per scenario and revision', () => {
    const xml = renderReports(result, secrets).junit;
    expect(xml.match(/<testcase /g)).toHaveLength(9);
    expect(xml).toContain(
      '<testsuite name="conformance 1.4.0" tests="5" failures="1" errors="0" skipped="0"',
    );
    expect(xml).toContain('name="lists.add-list-validation [1.2.0]" classname="conformance.lists"');
    expect(xml).toMatch(
      /<failure message="1 breaking difference\(s\)[^"]*" type="contract">\[breaking\] invalid data.addList.validationErrors: rule: missing-validation-error/,
    );
  });

  it('summarises in Markdown with pass rates per revision and area', () => {
    const md = renderReports(result, secrets).markdown;
    expect(md).toContain('## Conformance: does not conform');
    expect(md).toContain('| 1.4.0 | 5 | 4 | 1 | 0 | 0 | 80% |');
    expect(md).toContain('| lists | 3 | 1 | 2 | 0 | 0 | 33.3% |');
    expect(md).toContain(
      '| breaking | lists.add-list-validation | 1.4.0 | invalid | `data.addList.validationErrors` | rule | missing-validation-error |',
    );
  });

  it('renders self-contained, escaped HTML with requests and responses', () => {
    const hostile: RunResult = {
      ...result,
      scenarios: result.scenarios.map((s, i) => (i === 0 ? { ...s, title: '<script>alert(1)</script>' } : s)),
    };
    const html = renderReports(hostile, secrets).html;
    // One script: the report's own filter, inline; the hostile title is escaped.
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<(link|img)\b|src=/);
    // Links only lead to places in the page.
    expect(html.match(/href="[^#]/g)).toBeNull();
    expect(html).toContain('folderTypeId');
    expect(html).toContain('Response HTTP 200');
  });

  it('shows in HTML the twin that gave a step a difference, escaped and without the token', () => {
    const [first, ...rest] = result.scenarios;
    const [step, ...steps] = first!.steps;
    const withTwin: RunResult = {
      ...result,
      scenarios: [
        {
          ...first!,
          steps: [
            {
              ...step!,
              twins: [
                {
                  way: 'alone',
                  request: {
                    method: 'POST',
                    url: 'http://127.0.0.1/us/1.4.0/public-api/graphql',
                    headers: { authorization: `Bearer ${TEST_TOKEN}` },
                    body: { query: '{ firm { name } } # <img src=x>' },
                  },
                  response: {
                    status: 200,
                    contentType: 'application/json',
                    body: { data: { firm: null } },
                    durationMs: 1,
                    attempts: 1,
                  },
                },
                {
                  way: 'get',
                  request: {
                    method: 'GET',
                    url: 'http://127.0.0.1/x',
                    headers: {},
                    body: { query: '{ firm { name } }' },
                  },
                  note: 'socket hang up',
                },
              ],
            },
            ...steps,
          ],
        },
        ...rest,
      ],
    };
    const html = renderReports(withTwin, secrets).html;
    expect(html).toContain(
      'Twin <b>alone</b>: <code>POST http://127.0.0.1/us/1.4.0/public-api/graphql</code>',
    );
    expect(html).toContain('# &lt;img src=x&gt;');
    expect(html).toContain('Answered HTTP 200');
    expect(html).toContain('No answer: socket hang up');
    expect(html).not.toContain(TEST_TOKEN);
  });
});
