import { describe, expect, it } from '@jest/globals';
import { judge, onlyMediaTypeAsked, type JudgedResponse } from '../../../src/conformance/judge/judge.js';
import type { Expectation } from '../../../src/conformance/scenario/types.js';
import { GOOD_PAGE, json, QUERY, shapeOf } from './small-contract.js';

const goodPage = GOOD_PAGE;

const kinds = (found: ReturnType<typeof judge>) => found.map((j) => `${j.finding.kind} ${j.finding.path}`);

describe('judge', () => {
  it('finds nothing wrong with a response that keeps the contract and the expectations', () => {
    const expectations: Expectation[] = [{ path: 'data.contacts.total', equals: 2 }];
    expect(judge(json({ data: { contacts: goodPage } }), expectations, shapeOf(QUERY))).toEqual([]);
  });

  describe('the HTTP envelope', () => {
    it('reports a 5xx as http-status and judges nothing else', () => {
      const found = judge(
        json({ data: { contacts: null } }, 503),
        [{ path: 'x', equals: 1 }],
        shapeOf(QUERY),
      );
      expect(kinds(found)).toEqual(['http-status ']);
      expect(found[0]?.finding.actual).toBe(503);
    });

    it('reports a body that is not a GraphQL response as invalid-response, quoting its text', () => {
      const html: JudgedResponse = {
        status: 200,
        contentType: 'text/html',
        body: undefined,
        text: '<h1>hi</h1>',
      };
      const found = judge(html, [], shapeOf(QUERY));
      expect(kinds(found)).toEqual(['invalid-response ']);
      expect(found[0]?.finding.actual).toBe('<h1>hi</h1>');
      expect(kinds(judge(json({ result: 1 }), [], shapeOf(QUERY)))).toEqual(['invalid-response ']);
    });

    it('holds a 401 to its WWW-Authenticate challenge and a graphql-response+json answer without data to 4xx (A-564)', () => {
      const refused = { errors: [{ message: 'Unauthenticated.', extensions: { code: 'UNAUTHENTICATED' } }] };
      const expectRefusal: Expectation[] = [{ httpStatus: 401 }, { error: { code: 'UNAUTHENTICATED' } }];
      const challenged = { ...json(refused, 401), wwwAuthenticate: 'Bearer realm="rm"' };
      expect(kinds(judge(challenged, expectRefusal, shapeOf(QUERY)))).toEqual([]);
      const bare = { ...json(refused, 401), wwwAuthenticate: null };
      expect(kinds(judge(bare, expectRefusal, shapeOf(QUERY)))).toEqual(['http-header ']);
      const basic = { ...json(refused, 401), wwwAuthenticate: 'Basic realm="rm"' };
      expect(kinds(judge(basic, expectRefusal, shapeOf(QUERY)))).toEqual(['http-header ']);
      const typed = (status: number): JudgedResponse => ({
        ...json({ errors: [{ message: 'Cannot query field "x".' }] }, status),
        contentType: 'application/graphql-response+json; charset=utf-8',
      });
      expect(kinds(judge(typed(400), [{ error: {} }], shapeOf(QUERY)))).toEqual([]);
      expect(kinds(judge(typed(200), [{ error: {} }], shapeOf(QUERY)))).toEqual(['http-status ']);
    });

    it('holds an answer to the one media type asked, and a graphql-response+json answer with data to 2xx (A-575)', () => {
      const as = (contentType: string, status: number, body: unknown, asked?: string): JudgedResponse => ({
        ...json(body, status),
        contentType,
        ...(asked ? { mediaTypeAsked: asked } : {}),
      });
      const data = { data: { contacts: goodPage } };
      const NEW = 'application/graphql-response+json';
      expect(kinds(judge(as('application/json', 200, data, 'application/json'), [], shapeOf(QUERY)))).toEqual(
        [],
      );
      expect(kinds(judge(as(`${NEW}; charset=utf-8`, 200, data, NEW), [], shapeOf(QUERY)))).toEqual([]);
      const wrong = judge(as('application/json; charset=utf-8', 200, data, NEW), [], shapeOf(QUERY));
      expect(kinds(wrong)).toEqual(['http-header ']);
      expect(wrong[0]?.basis).toContain('A-575');
      expect(kinds(judge(as(NEW, 200, data, 'application/json'), [], shapeOf(QUERY)))).toEqual([
        'http-header ',
      ]);
      // A gateway's own 401 may keep one envelope: only the GraphQL layer's 200 and 400 are held to it.
      const refused = { errors: [{ message: 'Unauthenticated.', extensions: { code: 'UNAUTHENTICATED' } }] };
      const gateway = { ...as('application/json', 401, refused, NEW), wwwAuthenticate: 'Bearer' };
      expect(kinds(judge(gateway, [{ httpStatus: 401 }, { error: {} }], shapeOf(QUERY)))).toEqual([]);
      const partial = {
        data: { contacts: goodPage },
        errors: [{ message: 'failed', path: ['other'], extensions: { code: 'BAD_USER_INPUT' } }],
      };
      expect(kinds(judge(as(NEW, 200, partial), [{ error: {} }], shapeOf(QUERY)))).toEqual([]);
      expect(kinds(judge(as(NEW, 400, partial), [{ error: {} }], shapeOf(QUERY)))).toEqual(['http-status ']);
      expect(kinds(judge(as('application/json', 400, partial), [{ error: {} }], shapeOf(QUERY)))).toEqual([]);
    });

    it('holds an answer that holds data to HTTP 200 under either media type, a write included (A-588)', () => {
      const data = { data: { contacts: goodPage } };
      for (const contentType of ['application/json', 'application/graphql-response+json']) {
        const created = judge({ ...json(data, 201), contentType }, [], shapeOf(QUERY));
        expect(kinds(created)).toEqual(['http-status ']);
        expect(created[0]?.finding.actual).toBe(201);
        expect(created[0]?.basis).toContain('A-588');
        expect(kinds(judge({ ...json(data, 200), contentType }, [], shapeOf(QUERY)))).toEqual([]);
      }
    });

    it('holds an answer with data to no Cache-Control that lets a shared cache keep it (A-590)', () => {
      const data = { data: { contacts: goodPage } };
      const cached = (cacheControl: string) => judge({ ...json(data), cacheControl }, [], shapeOf(QUERY));
      for (const shared of ['public, max-age=300', 'max-age=60, S-MAXAGE=600', 'Public']) {
        const found = cached(shared);
        expect(kinds(found)).toEqual(['http-header ']);
        expect(found[0]?.basis).toContain('A-590');
      }
      for (const own of ['private, max-age=60', 'no-store', 'no-cache', 'max-age=0']) {
        expect(cached(own)).toEqual([]);
      }
      // A refusal holds nothing of a tenant's.
      const refused = { errors: [{ message: 'Unauthenticated.', extensions: { code: 'UNAUTHENTICATED' } }] };
      expect(
        judge(
          { ...json(refused, 401), wwwAuthenticate: 'Bearer', cacheControl: 'public, max-age=60' },
          [{ httpStatus: 401 }, { error: {} }],
          shapeOf(QUERY),
        ),
      ).toEqual([]);
    });

    it('holds a GraphQL response to UTF-8 when it names a charset (A-591)', () => {
      const data = { data: { contacts: goodPage } };
      const typed = (contentType: string) => judge({ ...json(data), contentType }, [], shapeOf(QUERY));
      for (const utf8 of [
        'application/json',
        'application/json; charset=utf-8',
        'application/json;charset="UTF-8"',
        'application/graphql-response+json; charset=utf8',
      ]) {
        expect(typed(utf8)).toEqual([]);
      }
      for (const other of [
        'application/json; charset=iso-8859-1',
        'application/graphql-response+json; charset=windows-1252',
      ]) {
        const found = typed(other);
        expect(kinds(found)).toEqual(['http-header ']);
        expect(found[0]?.basis).toContain('A-591');
      }
    });

    it('reads the one media type an Accept header names, and nothing from a header that names more', () => {
      expect(onlyMediaTypeAsked('application/json')).toBe('application/json');
      expect(onlyMediaTypeAsked('Application/GraphQL-Response+JSON; charset=utf-8')).toBe(
        'application/graphql-response+json',
      );
      expect(onlyMediaTypeAsked('application/graphql-response+json, application/json;q=0.9')).toBeUndefined();
      expect(onlyMediaTypeAsked('*/*')).toBeUndefined();
      expect(onlyMediaTypeAsked('text/html')).toBeUndefined();
      expect(onlyMediaTypeAsked(undefined)).toBeUndefined();
    });

    it('leaves the status to an httpStatus expectation when there is one', () => {
      const expectations: Expectation[] = [{ httpStatus: 503 }];
      expect(judge(json({ oops: true }, 503), expectations, shapeOf(QUERY))).toEqual([]);
      expect(kinds(judge(json({ oops: true }, 500), expectations, shapeOf(QUERY)))).toEqual(['http-status ']);
    });
  });

  describe('GraphQL errors', () => {
    it('reports an error nobody expected, and a missing operation or field by name', () => {
      const body = {
        errors: [
          { message: 'boom' },
          { message: 'Cannot query field "contacts" on type "Query".' },
          { message: 'Cannot query field "born" on type "Person".' },
        ],
      };
      expect(kinds(judge(json(body), [], shapeOf(QUERY)))).toEqual([
        'unexpected-error errors[0]',
        'missing-operation errors[1]',
        'missing-field errors[2]',
      ]);
    });

    it('accepts an expected error and reports a missing or different one', () => {
      const expectations: Expectation[] = [{ error: { code: 'NOT_FOUND' } }];
      const notFound = { errors: [{ message: 'no', extensions: { code: 'NOT_FOUND' } }] };
      expect(judge(json(notFound), expectations, { rootFields: ['contacts'] })).toEqual([]);
      expect(kinds(judge(json({ data: { contacts: goodPage } }), expectations, { rootFields: [] }))).toEqual([
        'missing-error errors',
      ]);
      const other = { errors: [{ message: 'no', extensions: { code: 'FORBIDDEN' } }] };
      const wrong = judge(json(other), expectations, { rootFields: [] });
      expect(kinds(wrong)).toEqual(['wrong-error errors']);
      // The message names what was expected and what came, so a reader (and a log search) sees why.
      expect(wrong[0]?.finding.message).toBe(
        'no GraphQL error matches the expected one (expected code NOT_FOUND and any message; got code FORBIDDEN and message "no")',
      );
    });

    it('names the status and the missing envelope of a refusal answered with no body', () => {
      const refusal = { status: 405, contentType: '', body: undefined, text: '' };
      const found = judge(refusal, [{ httpStatus: 405 }, { error: { code: 'METHOD_NOT_ALLOWED' } }], {
        rootFields: [],
      });
      expect(found.map((f) => f.finding.message)).toEqual([
        'a GraphQL response (HTTP 405) sent as no content type, with no body: the error envelope is missing',
        'expected a GraphQL error, got none (HTTP 405, no body: the error envelope is missing)',
      ]);
    });

    it('leaves errors carrying validationErrors to a validationErrors expectation', () => {
      const carrier = {
        errors: [
          {
            message: 'bad input',
            extensions: { validationErrors: [{ propertyName: 'name', message: 'm' }] },
          },
        ],
      };
      const expectations: Expectation[] = [{ validationErrors: ['name'] }];
      expect(judge(json(carrier), expectations, { rootFields: ['addPerson'] })).toEqual([]);
      expect(kinds(judge(json(carrier), [], { rootFields: ['addPerson'] }))).toEqual([
        'unexpected-error errors[0]',
      ]);
    });
  });

  describe('the shape of data', () => {
    const broken = (patch: Record<string, unknown>) =>
      json({ data: { contacts: { ...goodPage, ...patch } } });

    it('reports a missing field and a null in a non-null field', () => {
      const { total: _dropped, ...withoutTotal } = goodPage;
      expect(kinds(judge(json({ data: { contacts: withoutTotal } }), [], shapeOf(QUERY)))).toEqual([
        'missing-field data.contacts.total',
      ]);
      expect(kinds(judge(broken({ total: null }), [], shapeOf(QUERY)))).toEqual([
        'null-for-non-null data.contacts.total',
      ]);
    });

    it('reports a wrong type, an unknown enum value, a bad date and an unknown __typename', () => {
      expect(kinds(judge(broken({ total: '2' }), [], shapeOf(QUERY)))).toEqual([
        'wrong-type data.contacts.total',
      ]);
      expect(kinds(judge(broken({ kind: 'ROBOT' }), [], shapeOf(QUERY)))).toEqual([
        'extra-enum-value data.contacts.kind',
      ]);
      const badDate = { items: [{ __typename: 'Person', id: '1', name: 'Ada', born: '10/12/1815' }] };
      expect(kinds(judge(broken(badDate), [], shapeOf(QUERY)))).toEqual([
        'invalid-format data.contacts.items[0].born',
      ]);
      const robot = { items: [{ __typename: 'Robot', id: '1', name: 'R2' }] };
      expect(kinds(judge(broken(robot), [], shapeOf(QUERY)))).toContain(
        'unknown-typename data.contacts.items[0].__typename',
      );
    });

    it('reports a field the document did not select as extra', () => {
      expect(kinds(judge(broken({ secret: 1 }), [], shapeOf(QUERY)))).toEqual([
        'extra-field data.contacts.secret',
      ]);
    });

    it('does not hold null data or a step without a compiled shape to the contract', () => {
      expect(judge(json({ data: { contacts: { total: 'x' } } }), [], { rootFields: ['contacts'] })).toEqual(
        [],
      );
      const failed = json({ data: null, errors: [{ message: 'no' }] });
      expect(judge(failed, [{ error: { message: 'no' } }], shapeOf(QUERY))).toEqual([]);
    });
  });

  describe('strictness', () => {
    it('reports data: null or a missing data without errors as a breaking missing-data', () => {
      for (const body of [{ data: null }, { data: null, errors: [] }, { errors: [] }]) {
        const found = judge(json(body), [], shapeOf(QUERY));
        expect(kinds(found)).toEqual(['missing-data data']);
        expect(found[0]?.level).toBe('MUST');
      }
    });

    it('reports an errors entry beside data that is not a non-empty list', () => {
      for (const errors of [[], null, {}]) {
        const found = judge(json({ data: { contacts: goodPage }, errors }), [], shapeOf(QUERY));
        expect(kinds(found)).toEqual(['invalid-response errors']);
        expect(found[0]?.finding.actual).toEqual(errors);
      }
      expect(judge(json({ data: { contacts: goodPage } }), [], shapeOf(QUERY))).toEqual([]);
    });

    it('accepts data: null when errors say why', () => {
      const body = { data: null, errors: [{ message: 'denied', extensions: { code: 'FORBIDDEN' } }] };
      expect(judge(json(body), [{ error: { code: 'FORBIDDEN' } }], shapeOf(QUERY))).toEqual([]);
    });

    it('reads exists: true on a nullable field as non-null', () => {
      const page = { ...goodPage, kind: null };
      const found = judge(
        json({ data: { contacts: page } }),
        [{ path: 'data.contacts.kind', exists: true }],
        shapeOf(QUERY),
      );
      expect(kinds(found)).toEqual(['presence-mismatch data.contacts.kind']);
      expect(found[0]?.finding.message).toBe('data.contacts.kind is null');
      const ok = judge(
        json({ data: { contacts: goodPage } }),
        [{ path: 'data.contacts.kind', exists: true }],
        shapeOf(QUERY),
      );
      expect(ok).toEqual([]);
      const absent = judge(
        json({ data: { contacts: page } }),
        [{ path: 'data.contacts.nope', exists: false }],
        shapeOf(QUERY),
      );
      expect(absent).toEqual([]);
    });
  });

  describe('levels and basis', () => {
    it('judges automatic findings at the shape level and basis, MUST by default', () => {
      const bad = json({ data: { contacts: { ...goodPage, total: null } } });
      expect(judge(bad, [], shapeOf(QUERY))[0]).toMatchObject({ level: 'MUST' });
      const lenient = { ...shapeOf(QUERY), level: 'SHOULD' as const, basis: ['A-12'] };
      expect(judge(bad, [], lenient)[0]).toMatchObject({ level: 'SHOULD', basis: ['A-12'] });
    });

    it('judges an expectation at its own level and basis', () => {
      const expectations: Expectation[] = [
        { path: 'data.contacts.total', equals: 3, level: 'MAY', basis: ['§6'] },
        { path: 'data.contacts.items', count: 5 },
      ];
      const found = judge(json({ data: { contacts: goodPage } }), expectations, shapeOf(QUERY));
      expect(found.map((j) => [j.finding.kind, j.level, j.basis])).toEqual([
        ['value-mismatch', 'MAY', ['§6']],
        ['count-mismatch', 'MUST', undefined],
      ]);
    });

    it('reports missing and unexpected validationErrors entries from the payload', () => {
      const body = {
        data: { addPerson: { id: null, validationErrors: [{ propertyName: 'email', message: 'm' }] } },
      };
      const shape = shapeOf(
        'mutation { addPerson(name: "") { id validationErrors { propertyName message } } }',
      );
      const found = judge(json(body), [{ validationErrors: ['name'], only: true }], shape);
      expect(kinds(found)).toEqual([
        'missing-validation-error data.addPerson.validationErrors',
        'unexpected-validation-error data.addPerson.validationErrors',
      ]);
    });
  });
});

describe('distinct', () => {
  it('fails a list that repeats an item, naming the repeats', () => {
    const expectation: Expectation = { path: 'data.l', distinct: true };
    const shape = { rootFields: ['l'] };
    expect(judge(json({ data: { l: [{ id: 1 }, { id: 2 }] } }), [expectation], shape)).toEqual([]);
    const found = judge(json({ data: { l: [{ id: 1 }, { id: 2 }, { id: 1 }] } }), [expectation], shape);
    expect(found.map((j) => [j.finding.kind, j.finding.actual, j.finding.expectationId])).toEqual([
      ['value-mismatch', [{ id: 1 }], 'distinct:data.l'],
    ]);
  });
});
