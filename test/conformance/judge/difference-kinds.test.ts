// One case per kind of difference (src/conformance/outcome/differences.ts, DifferenceKind): a response
// the judge reports it for, with its path, and a near miss it does not report it for; then the report
// difference `differenceOf` makes of it: severity, cause, and the spec clauses and assumptions it rests
// on. CASES is a Record over DifferenceKind, so a kind added without a case fails the type-check.
import { describe, expect, it } from '@jest/globals';
import {
  differenceOf,
  judge,
  type Judged,
  type JudgedResponse,
  type ShapeJudgement,
} from '../../../src/conformance/judge/judge.js';
import {
  INJECTED_FAULT_CODE,
  type Cause,
  type DifferenceKind,
} from '../../../src/conformance/outcome/differences.js';
import type { Expectation } from '../../../src/conformance/scenario/types.js';
import { GOOD_PAGE, json, QUERY, shapeOf } from './small-contract.js';

const READ = shapeOf(QUERY);
const WRITE = shapeOf('mutation { addPerson(name: "") { id validationErrors { propertyName message } } }');

const PAGE = GOOD_PAGE;
const page = (patch: Record<string, unknown>) => json({ data: { contacts: { ...PAGE, ...patch } } });
const person = (patch: Record<string, unknown>) =>
  page({ items: [{ __typename: 'Person', id: '1', name: 'Ada', born: '1815-12-10', ...patch }] });
const reported = (...names: string[]) =>
  json({
    data: {
      addPerson: {
        id: null,
        validationErrors: names.map((propertyName) => ({ propertyName, message: 'm' })),
      },
    },
  });
const errors = (...list: Array<{ message: string; code?: string }>) =>
  json({
    data: null,
    errors: list.map(({ message, code }) => ({ message, ...(code ? { extensions: { code } } : {}) })),
  });

/** What the judge is given. */
interface Judging {
  response: JudgedResponse;
  expectations?: Expectation[];
  shape?: ShapeJudgement;
}

/** One kind: a judging that reports it at `path`, a near miss that does not, and what causes it. */
interface KindCase extends Judging {
  path: string;
  /** Automatic findings take the shape's basis and level; explicit ones their expectation's. */
  from: 'shape' | 'expectation';
  /** Its cause when the basis cites a spec clause, and when it cites only assumptions. */
  cause: { withSpec: Cause; withoutSpec: Cause };
  nearMiss: Judging;
}

const shapeCause = { withSpec: 'shape', withoutSpec: 'shape' } as const;
const citedCause = { withSpec: 'rule', withoutSpec: 'assertion' } as const;
const ruleCause = { withSpec: 'rule', withoutSpec: 'rule' } as const;
const NOT_FOUND: Expectation = { error: { code: 'NOT_FOUND' } };

const CASES: Record<Exclude<DifferenceKind, 'invalid-request'>, KindCase> = {
  'missing-field': {
    response: json({ data: { contacts: { kind: PAGE.kind, items: PAGE.items } } }),
    path: 'data.contacts.total',
    from: 'shape',
    cause: shapeCause,
    nearMiss: { response: page({}) },
  },
  'wrong-type': {
    response: page({ total: '2' }),
    path: 'data.contacts.total',
    from: 'shape',
    cause: shapeCause,
    nearMiss: { response: page({ total: 2 }) },
  },
  'null-for-non-null': {
    response: page({ total: null }),
    path: 'data.contacts.total',
    from: 'shape',
    cause: shapeCause,
    // `kind` is nullable: a null there is no difference.
    nearMiss: { response: page({ kind: null }) },
  },
  'invalid-format': {
    response: person({ born: '10/12/1815' }),
    path: 'data.contacts.items[0].born',
    from: 'shape',
    cause: shapeCause,
    nearMiss: { response: person({ born: '1816-02-29' }) },
  },
  'out-of-range': {
    response: page({ total: 2 ** 31 }),
    path: 'data.contacts.total',
    from: 'shape',
    cause: shapeCause,
    nearMiss: { response: page({ total: 2 ** 31 - 1 }) },
  },
  'unknown-typename': {
    response: person({ __typename: 'Robot' }),
    path: 'data.contacts.items[0].__typename',
    from: 'shape',
    cause: shapeCause,
    nearMiss: { response: page({ items: [{ __typename: 'Company', id: '1', name: 'Acme' }] }) },
  },
  'extra-field': {
    response: page({ secret: 1 }),
    path: 'data.contacts.secret',
    from: 'shape',
    cause: shapeCause,
    nearMiss: { response: page({}) },
  },
  'extra-enum-value': {
    response: page({ kind: 'ROBOT' }),
    path: 'data.contacts.kind',
    from: 'shape',
    cause: shapeCause,
    nearMiss: { response: page({ kind: 'COMPANY' }) },
  },
  'missing-operation': {
    response: errors({ message: 'Cannot query field "contacts" on type "Query".' }),
    path: 'errors[0]',
    from: 'shape',
    cause: shapeCause,
    // A field missing on another type is a missing field, not a missing operation.
    nearMiss: { response: errors({ message: 'Cannot query field "born" on type "Person".' }) },
  },
  'missing-data': {
    response: json({ data: null }),
    path: 'data',
    from: 'shape',
    cause: shapeCause,
    nearMiss: { response: errors({ message: 'no', code: 'NOT_FOUND' }), expectations: [NOT_FOUND] },
  },
  'unexpected-error': {
    response: errors({ message: 'boom', code: 'INTERNAL' }),
    path: 'errors[0]',
    from: 'shape',
    cause: citedCause,
    nearMiss: { response: errors({ message: 'boom', code: 'NOT_FOUND' }), expectations: [NOT_FOUND] },
  },
  'http-status': {
    response: json({ data: { contacts: PAGE } }, 503),
    path: '',
    from: 'shape',
    cause: { withSpec: 'http-status', withoutSpec: 'http-status' },
    nearMiss: { response: json({ data: { contacts: PAGE } }, 200) },
  },
  'http-header': {
    response: { ...json({ data: { contacts: PAGE } }), contentType: 'text/plain; charset=utf-8' },
    path: '',
    from: 'shape',
    cause: { withSpec: 'http-status', withoutSpec: 'http-status' },
    nearMiss: {
      response: { ...json({ data: { contacts: PAGE } }), contentType: 'application/graphql-response+json' },
    },
  },
  'invalid-response': {
    response: { status: 200, contentType: 'text/html', body: undefined, text: '<h1>hi</h1>' },
    path: '',
    from: 'shape',
    cause: { withSpec: 'transport', withoutSpec: 'transport' },
    nearMiss: { response: errors({ message: 'no', code: 'NOT_FOUND' }), expectations: [NOT_FOUND] },
  },
  'missing-error': {
    response: page({}),
    expectations: [NOT_FOUND],
    path: 'errors',
    from: 'expectation',
    cause: citedCause,
    nearMiss: { response: errors({ message: 'no', code: 'NOT_FOUND' }), expectations: [NOT_FOUND] },
  },
  'wrong-error': {
    response: errors({ message: 'no', code: 'FORBIDDEN' }),
    expectations: [NOT_FOUND],
    path: 'errors',
    from: 'expectation',
    cause: citedCause,
    // Any one matching error among others will do.
    nearMiss: {
      response: errors({ message: 'no', code: 'FORBIDDEN' }, { message: 'no', code: 'NOT_FOUND' }),
      expectations: [NOT_FOUND],
    },
  },
  'missing-validation-error': {
    response: reported('email'),
    expectations: [{ validationErrors: ['name'] }],
    shape: WRITE,
    path: 'data.addPerson.validationErrors',
    from: 'expectation',
    cause: ruleCause,
    nearMiss: {
      response: reported('email', 'name'),
      expectations: [{ validationErrors: ['name'] }],
      shape: WRITE,
    },
  },
  'unexpected-validation-error': {
    response: reported('name', 'email'),
    expectations: [{ validationErrors: ['name'], only: true }],
    shape: WRITE,
    path: 'data.addPerson.validationErrors',
    from: 'expectation',
    cause: ruleCause,
    // Without `only`, other entries are allowed.
    nearMiss: {
      response: reported('name', 'email'),
      expectations: [{ validationErrors: ['name'] }],
      shape: WRITE,
    },
  },
  'value-mismatch': {
    response: page({}),
    expectations: [{ path: 'data.contacts.total', equals: 3 }],
    path: 'data.contacts.total',
    from: 'expectation',
    cause: citedCause,
    nearMiss: { response: page({}), expectations: [{ path: 'data.contacts.total', equals: 2 }] },
  },
  'type-mismatch': {
    response: page({}),
    expectations: [{ path: 'data.contacts.total', type: 'string' }],
    path: 'data.contacts.total',
    from: 'expectation',
    cause: citedCause,
    // An integer is a number.
    nearMiss: { response: page({}), expectations: [{ path: 'data.contacts.total', type: 'number' }] },
  },
  'pattern-mismatch': {
    response: page({}),
    expectations: [{ path: 'data.contacts.items[0].name', matches: '^B' }],
    path: 'data.contacts.items[0].name',
    from: 'expectation',
    cause: citedCause,
    nearMiss: { response: page({}), expectations: [{ path: 'data.contacts.items[0].name', matches: '^A' }] },
  },
  'count-mismatch': {
    response: page({}),
    expectations: [{ path: 'data.contacts.items', count: { min: 3 } }],
    path: 'data.contacts.items',
    from: 'expectation',
    cause: citedCause,
    nearMiss: {
      response: page({}),
      expectations: [{ path: 'data.contacts.items', count: { min: 2, max: 2 } }],
    },
  },
  'not-contained': {
    response: page({}),
    expectations: [{ path: 'data.contacts.items', contains: { id: '3' } }],
    path: 'data.contacts.items',
    from: 'expectation',
    cause: citedCause,
    nearMiss: { response: page({}), expectations: [{ path: 'data.contacts.items', contains: { id: '2' } }] },
  },
  'presence-mismatch': {
    response: page({}),
    expectations: [{ path: 'data.contacts.total', exists: false }],
    path: 'data.contacts.total',
    from: 'expectation',
    cause: citedCause,
    nearMiss: { response: page({}), expectations: [{ path: 'data.contacts.total', exists: true }] },
  },
};

const AT = { scenarioId: 'contacts/paging', stepId: 'read', revision: '1.4.0' } as const;

const run = (j: Judging, shape: Partial<ShapeJudgement> = {}, expectationBasis?: string[]): Judged[] =>
  judge(
    j.response,
    (j.expectations ?? []).map((e) => (expectationBasis ? { ...e, basis: expectationBasis } : e)),
    { ...(j.shape ?? READ), ...shape },
  );

const ofKind = (found: Judged[], kind: DifferenceKind) => found.filter((j) => j.finding.kind === kind);

describe.each(Object.entries(CASES) as Array<[DifferenceKind, KindCase]>)('%s', (kind, c) => {
  const nonBreaking = kind === 'extra-field';

  it('is reported once, at its path, and not for the near miss', () => {
    const found = ofKind(run(c), kind);
    expect(found.map((j) => j.finding.path)).toEqual([c.path]);
    // Automatic findings carry the check's id, explicit ones their expectation's.
    const automatic = /^(shape|errors|http|data)$/;
    expect(found[0]!.finding.expectationId).toEqual(
      c.from === 'shape' ? expect.stringMatching(automatic) : expect.not.stringMatching(automatic),
    );
    expect(ofKind(run(c.nearMiss), kind)).toEqual([]);
  });

  it(`is ${nonBreaking ? 'never breaking' : 'breaking at MUST only'}`, () => {
    const [must] = ofKind(run(c), kind);
    expect(differenceOf(must!, AT).severity).toBe(nonBreaking ? 'non-breaking' : 'breaking');
    // A SHOULD on the finding's own source (the shape's level, or the expectation's).
    const should =
      c.from === 'shape'
        ? ofKind(run(c, { level: 'SHOULD' }), kind)[0]!
        : ofKind(
            judge(
              c.response,
              c.expectations!.map((e) => ({ ...e, level: 'SHOULD' as const })),
              c.shape ?? READ,
            ),
            kind,
          )[0]!;
    expect(should.level).toBe('SHOULD');
    expect(differenceOf(should, AT)).toMatchObject({ severity: 'non-breaking', level: 'SHOULD' });
  });

  it('rests on the default basis, or on its own source when that names one', () => {
    const noClause = c.cause.withSpec === 'transport';
    const [plain] = ofKind(run(c), kind);
    const difference = differenceOf(plain!, AT, ['§8', 'A-30']);
    expect(difference).toMatchObject({ ...AT, kind, path: c.path, cause: c.cause.withSpec });
    expect(difference.basis).toEqual(
      noClause ? { spec: [], assumptions: [] } : { spec: ['§8'], assumptions: ['A-30'] },
    );
    expect(difference.restsOn).toBe(noClause ? 'contract' : 'spec-and-assumption');
    expect(differenceOf(plain!, AT, ['A-30'])).toMatchObject({
      cause: c.cause.withoutSpec,
      restsOn: noClause ? 'contract' : 'assumption',
    });
    // The shape's basis goes to automatic findings, an expectation's to its own; the default yields.
    const [own] = ofKind(run(c, { basis: ['A-12'] }, ['§6']), kind);
    const expected = noClause ? [] : c.from === 'shape' ? ['A-12'] : ['§6'];
    const ownBasis = differenceOf(own!, AT, ['§8', 'A-30']).basis;
    expect([...ownBasis.spec, ...ownBasis.assumptions]).toEqual(expected);
  });
});

describe('invalid-request (the proxy checks requests; the judge only sees responses)', () => {
  it('is attributed like any explicit finding', () => {
    const finding = {
      expectationId: 'request',
      path: 'query',
      kind: 'invalid-request' as const,
      expected: 'a document the contract accepts',
      actual: '{ nope }',
      message: 'Cannot query field "nope" on type "Query".',
    };
    expect(differenceOf({ finding, level: 'MUST' }, AT, ['§4'])).toMatchObject({
      kind: 'invalid-request',
      severity: 'breaking',
      cause: 'rule',
      restsOn: 'spec',
    });
    expect(differenceOf({ finding, level: 'MUST' }, AT)).toMatchObject({
      cause: 'assertion',
      restsOn: 'contract',
    });
  });
});

describe('an injected fault', () => {
  it('causes every difference of its response, which then rests on no clause', () => {
    const body = { data: null, errors: [{ message: 'injected', extensions: { code: INJECTED_FAULT_CODE } }] };
    const found = judge(json(body), [{ path: 'data.contacts.total', equals: 2 }], READ);
    expect(found.map((j) => j.finding.kind)).toEqual(['unexpected-error', 'missing-field']);
    for (const j of found) {
      expect(differenceOf(j, AT, ['§8', 'A-30'])).toMatchObject({
        cause: 'injected-fault',
        basis: { spec: [], assumptions: [] },
        restsOn: 'contract',
      });
    }
    // Without the fault's code the same answer is the endpoint's own doing.
    const own = judge(json({ ...body, errors: [{ message: 'injected' }] }), [], READ);
    expect(differenceOf(own[0]!, AT, ['§8']).cause).toBe('rule');
  });
});
