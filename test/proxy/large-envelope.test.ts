import { describe, expect, it } from '@jest/globals';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { parseSpan, scanEnvelope } from '../../src/proxy/large-envelope.js';
import { checkRequest } from '../../src/proxy/request-check.js';

const schema = buildRevisionSchema('1.4.0');
const url = new URL('http://proxy.invalid/public-api/graphql');
const QUERY =
  'query Find($f: [ContactFilterInput], $n: Int) { searchFirmContacts(filter: $f, limit: $n) { totalModels } }';
/** Half a megabyte of a variable the operation does not declare: the large-body path. */
const PAD = '[{},'.repeat(1) + '{},'.repeat(200_000) + '{}]';

describe('large request bodies', () => {
  it('scan query, operationName and the spans of variables, strings with quotes and brackets included', () => {
    const body = Buffer.from(
      ` { "query" : ${JSON.stringify(QUERY)}, "variables": { "pad": ${PAD}, "f": [{ "field": "lastName", "value": "O\\"Brien ] } [" }], "n": 5, "z": null }, "operationName": "Find" } `,
    );
    const scanned = scanEnvelope(body);
    if (typeof scanned === 'string') throw new Error(scanned);
    expect(scanned.query).toBe(QUERY);
    expect(scanned.operationName).toBe('Find');
    expect([...(scanned.variables?.keys() ?? [])]).toEqual(['pad', 'f', 'n', 'z']);
    const f = scanned.variables?.get('f');
    expect(f && parseSpan(body, f)).toEqual([{ field: 'lastName', value: 'O"Brien ] } [' }]);
  });

  it('checks a large request as a small one, parsing only the declared variables', () => {
    const variables = `{ "pad": ${PAD}, "f": [{ "field": "lastName", "value": "Smith" }], "n": 5 }`;
    const large = checkRequest(
      schema,
      'POST',
      url,
      Buffer.from(`{"query":${JSON.stringify(QUERY)},"variables":${variables}}`),
    );
    expect(large.ok).toBe(true);
    if (!large.ok) return;
    expect(large.body.variables).toEqual({ f: [{ field: 'lastName', value: 'Smith' }], n: 5 });
    expect(large.variables).toEqual({ f: [{ field: 'lastName', value: 'Smith' }], n: 5 });
    const wrong = checkRequest(
      schema,
      'POST',
      url,
      Buffer.from(`{"query":${JSON.stringify(QUERY)},"variables":{ "pad": ${PAD}, "n": "five" }}`),
    );
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.findings[0]?.path).toBe('request.variables');
  });

  it('refuses malformed large bodies as not JSON, and variables that are not an object', () => {
    const cases: [string, string][] = [
      [`{"query":"{ lists { totalModels } }","variables":{"pad":${PAD}`, 'the body is not JSON'],
      [`{"query":"{ lists { totalModels } }","variables":{"pad":${PAD}}} trailing`, 'the body is not JSON'],
      [`{"query":"{ lists { totalModels } }","variables":[${PAD}]}`, '"variables" is not an object'],
      [`[${PAD}]`, 'the body is not a JSON object'],
      [`{"variables":{"pad":${PAD}}}`, 'the request has no "query" string'],
    ];
    for (const [text, why] of cases) {
      const checked = checkRequest(schema, 'POST', url, Buffer.from(text));
      expect([why, checked.ok ? 'ok' : checked.findings[0]?.actual]).toEqual([why, why]);
    }
  });
});
