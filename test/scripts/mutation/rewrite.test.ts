import { describe, expect, it } from '@jest/globals';
import { print, parse } from 'graphql';
import type { Incoming } from '../../../scripts/mutation/proxy.js';
import { mapArgument, rewriteFields } from '../../../scripts/mutation/rewrite.js';

const request = (query: string, variables: Record<string, unknown> = {}): Incoming => ({
  method: 'POST',
  region: 'us',
  version: '1.4.0',
  headers: {},
  body: { query, variables },
  raw: '',
});

const same = (a: string | undefined, b: string): void => expect(print(parse(a ?? ''))).toBe(print(parse(b)));

describe('rewriteFields with mapArgument', () => {
  it('drops the variables a removed argument held, keeping those the client itself left unused', () => {
    const out = rewriteFields(
      request(
        'query Q($f: ContactFilterField, $v: String, $mine: Int) { searchFirmContacts(filter: [{ field: $f, value: $v }]) { totalModels } }',
        { f: 'term', v: 'x', mine: 1 },
      ),
      (node, field, vars) =>
        node.name.value === 'searchFirmContacts'
          ? mapArgument(node, field, vars, 'filter', () => undefined)
          : undefined,
    );
    same(out.body?.query, 'query Q($mine: Int) { searchFirmContacts { totalModels } }');
    expect(out.body?.variables).toEqual({ mine: 1 });
  });

  it('removes an argument given as a variable, so a required variable is not left without a value', () => {
    const out = rewriteFields(
      request('query Q($s: Int!) { searchFirmContacts(skip: $s) { totalModels } }', { s: 3 }),
      (node, field, vars) => mapArgument(node, field, vars, 'skip', () => undefined),
    );
    same(out.body?.query, 'query Q { searchFirmContacts { totalModels } }');
    expect(out.body?.variables).toEqual({});
  });

  it('leaves a value its type cannot hold as the client wrote it', () => {
    const query = '{ firmContactEventViews(sort: [{ field: NoSuchField }]) { totalModels } }';
    const out = rewriteFields(request(query), (node, field, vars) =>
      mapArgument(node, field, vars, 'sort', (s) =>
        Array.isArray(s) ? s.map((x: object) => ({ ...x, direction: 'Descending' })) : s,
      ),
    );
    same(out.body?.query, query);
  });
});
