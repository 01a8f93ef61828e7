import { describe, expect, it } from '@jest/globals';
import { JoinLedger, type ObservedAt } from '../../../src/conformance/joins/ledger.js';
import { emptyObservation, type JoinObservation } from '../../../src/conformance/joins/joins.js';
import type { StepResult } from '../../../src/conformance/results/run-result.js';
import type { GraphQLRequest, HttpOutcome } from '../../../src/conformance/target/http-client.js';

const at = (stepId: string, token = 'full'): ObservedAt => ({
  result: { stepId, phase: 'test', status: 'passed', differences: [] } satisfies StepResult,
  scenarioId: 'joins.test',
  revision: '1.4.0',
  url: 'http://127.0.0.1:1/us/1.4.0/public-api/graphql',
  headers: { authorization: `Bearer ${token}` },
});

const observation = (over: Partial<JoinObservation>): JoinObservation => ({ ...emptyObservation(), ...over });

const nullInitiative = (id: string) =>
  observation({
    nullJoins: [
      {
        path: 'data.e.models[0].initiative',
        field: 'InitiativeEventView.initiative',
        id,
        byId: 'initiative',
        person: false,
      },
    ],
  });

/** A target whose by-id reads answer from `records` (id → record), and the requests it was sent. */
function target(records: Record<string, Record<string, unknown> | null>) {
  const sent: GraphQLRequest[] = [];
  const send = (request: GraphQLRequest): Promise<HttpOutcome> => {
    sent.push(request);
    const id = String(request.body.variables?.id);
    return Promise.resolve({
      kind: 'response',
      status: 200,
      contentType: 'application/json',
      body: { data: { record: records[id] ?? null } },
      text: '',
      durationMs: 1,
      attempts: 1,
    } as HttpOutcome);
  };
  return { sent, send };
}

const messagesOf = (found: Map<StepResult, { message: string }[]>) =>
  [...found.entries()].flatMap(([step, ds]) => ds.map((d) => `${step.stepId}: ${d.message}`));

describe('JoinLedger', () => {
  it('reads back a record a join answered null for, once, with the credentials of the answer', async () => {
    const ledger = new JoinLedger();
    const first = at('a', 'limited');
    ledger.observe(first, ledger.stateNow(), nullInitiative('i1'));
    ledger.observe(at('b', 'limited'), ledger.stateNow(), nullInitiative('i1'));
    ledger.observe(at('c', 'limited'), ledger.stateNow(), nullInitiative('i2'));
    const { sent, send } = target({ i1: { id: 'i1', isDeleted: false }, i2: null });
    const found = await ledger.settle(send);
    expect(
      sent.map((r) => [
        r.headers.authorization,
        r.body.variables?.id,
        /initiative\(id: \$id\)/.test(r.body.query),
      ]),
    ).toEqual([
      ['Bearer limited', 'i1', true],
      ['Bearer limited', 'i2', true],
    ]);
    expect(messagesOf(found)).toEqual([
      expect.stringMatching(
        /^a: data\.e\.models\[0\]\.initiative \(InitiativeEventView\.initiative\) is null, but .*"i1".*initiative\(id\)/,
      ),
      expect.stringMatching(/^b: /),
    ]);
    expect(
      [...found.values()]
        .flat()
        .every((d) => d.severity === 'breaking' && d.basis.assumptions.includes('A-580')),
    ).toBe(true);
  });

  it('counts no record that is deleted, another record, not a person where a person is joined, or not answered', async () => {
    const ledger = new JoinLedger();
    for (const id of ['gone', 'other', 'down']) ledger.observe(at(id), ledger.stateNow(), nullInitiative(id));
    ledger.observe(
      at('company'),
      ledger.stateNow(),
      observation({
        nullJoins: [
          {
            path: 'data.o.person',
            field: 'OpportunityContact.person',
            id: 'k1',
            byId: 'contact',
            person: true,
          },
        ],
      }),
    );
    const { send } = target({
      gone: { id: 'gone', isDeleted: true },
      other: { id: 'someone-else' },
      k1: { __typename: 'Company', id: 'k1' },
    });
    const failing = (request: GraphQLRequest): Promise<HttpOutcome> =>
      request.body.variables?.id === 'down'
        ? Promise.resolve({ kind: 'network-error', message: 'refused', attempts: 1 } as HttpOutcome)
        : send(request);
    expect(messagesOf(await ledger.settle(failing))).toEqual([]);
  });

  it('reads back at most 25 records per kind and credentials', async () => {
    const ledger = new JoinLedger();
    for (let i = 0; i < 40; i += 1) ledger.observe(at(`s${i}`), ledger.stateNow(), nullInitiative(`i${i}`));
    const { sent, send } = target({});
    await ledger.settle(send);
    expect(sent).toHaveLength(25);
  });

  it('names the first 20 answers of one null join and of one employer claim, however many come', async () => {
    const ledger = new JoinLedger();
    const claim = observation({
      employers: [{ personId: 'p1', companyId: null, path: 'data.p.currentEmployer', role: 'claim' }],
    });
    const evidence = (companyId: string) =>
      observation({ employers: [{ personId: 'p1', companyId, path: 'data.l.companyId', role: 'evidence' }] });
    ledger.observe(at('view'), ledger.stateNow(), evidence('k1'));
    for (let i = 0; i < 1000; i += 1) {
      ledger.observe(at(`n${i}`), ledger.stateNow(), nullInitiative('i1'));
      ledger.observe(at(`c${i}`), ledger.stateNow(), claim);
      ledger.observe(at(`v${i}`), ledger.stateNow(), evidence('k1'));
    }
    const found = messagesOf(await ledger.settle(target({ i1: { id: 'i1', isDeleted: false } }).send));
    expect(found.filter((m) => /^n\d+: /.test(m))).toHaveLength(20);
    expect(found.filter((m) => /^c\d+: /.test(m))).toHaveLength(20);
    // A second company among the views still tells that they disagree: the claim is then not held.
    ledger.observe(at('other'), ledger.stateNow(), evidence('k2'));
    const after = messagesOf(await ledger.settle(target({}).send));
    expect(after.filter((m) => /^c\d+: /.test(m))).toEqual([]);
  });

  it("holds a person's employer against the views that show it only when no write was in flight between", async () => {
    const claim = (personId: string, companyId: string | null) =>
      observation({ employers: [{ personId, companyId, path: 'data.p.currentEmployer', role: 'claim' }] });
    const evidence = (personId: string, companyId: string) =>
      observation({ employers: [{ personId, companyId, path: 'data.l.companyId', role: 'evidence' }] });
    const ledger = new JoinLedger();
    ledger.observe(at('claim'), ledger.stateNow(), claim('p1', null));
    ledger.observe(at('view'), ledger.stateNow(), evidence('p1', 'k1'));
    ledger.observe(at('agrees'), ledger.stateNow(), claim('p1', 'k1'));
    // A write between: what the person's employer was before says nothing of after.
    ledger.writeStarted();
    ledger.writeEnded();
    const after = ledger.stateNow();
    ledger.observe(at('after'), after, claim('p1', null));
    // An answer asked before a write started and received while it is in flight is not held at all.
    ledger.writeStarted();
    ledger.observe(at('across'), after, evidence('p1', 'k2'));
    ledger.writeEnded();
    // Two views that disagree with each other prove nothing about the claim.
    ledger.observe(at('p2claim'), ledger.stateNow(), claim('p2', null));
    ledger.observe(at('p2a'), ledger.stateNow(), evidence('p2', 'k1'));
    ledger.observe(at('p2b'), ledger.stateNow(), evidence('p2', 'k3'));
    const found = messagesOf(await ledger.settle(target({}).send));
    expect(found).toEqual([
      expect.stringMatching(
        /^claim: data\.p\.currentEmployer \(Person\.currentEmployer\) is null, but data\.l\.companyId \(step "view" of joins\.test, no write between\) names company "k1"/,
      ),
    ]);
  });

  it("holds a contact's e-mail addresses to hold each address another view names, with no write between", async () => {
    const all = (contactId: string, ...addresses: string[]) =>
      observation({ emails: [{ contactId, role: 'all', addresses, path: 'data.p.emailAddresses' }] });
    const one = (contactId: string, address: string) =>
      observation({
        emails: [{ contactId, role: 'one', addresses: [address], path: 'data.l.emailAddress' }],
      });
    const ledger = new JoinLedger();
    ledger.observe(at('member'), ledger.stateNow(), one('p1', 'Ada@Home.example'));
    ledger.observe(at('holds'), ledger.stateNow(), all('p1', 'ada@work.example', 'ada@home.example'));
    ledger.observe(at('lacks'), ledger.stateNow(), all('p1', 'ada@work.example'));
    // Another contact, and the same contact after a write: nothing to hold them to.
    ledger.observe(at('other'), ledger.stateNow(), all('p2'));
    ledger.writeStarted();
    ledger.writeEnded();
    ledger.observe(at('after'), ledger.stateNow(), all('p1'));
    const found = messagesOf(await ledger.settle(target({}).send));
    expect(found).toEqual([
      expect.stringMatching(
        /^lacks: data\.p\.emailAddresses does not hold "Ada@Home\.example", which data\.l\.emailAddress \(step "member" of joins\.test, no write between\)/,
      ),
    ]);
  });

  it('holds every view of a record against the first in the same state, lists of values as sets', async () => {
    const view = (path: string, values: Record<string, unknown>, id = 'c1', family = 'Contact') =>
      observation({ records: [{ family, id, path, values: new Map(Object.entries(values)) }] });
    const ledger = new JoinLedger();
    ledger.observe(
      at('page'),
      ledger.stateNow(),
      view('data.page.models[0]', { displayName: 'Ada', tags: ['a', 'b'] }),
    );
    ledger.observe(
      at('byId'),
      ledger.stateNow(),
      view('data.contact', { displayName: 'Ada', tags: ['b', 'a'] }),
    );
    ledger.observe(
      at('event'),
      ledger.stateNow(),
      view('data.e.models[3].contact', { displayName: 'Ada L.' }),
    );
    // Reported once per field of a record, at the first view that differs.
    ledger.observe(at('again'), ledger.stateNow(), view('data.again', { displayName: 'Ada L.' }));
    // Another record, another kind of record with the same id, another asker: nothing to hold against.
    ledger.observe(at('other'), ledger.stateNow(), view('data.other', { displayName: 'Bo' }, 'c2'));
    ledger.observe(at('list'), ledger.stateNow(), view('data.list', { displayName: 'Bo' }, 'c1', 'List'));
    ledger.observe(at('limited', 'limited'), ledger.stateNow(), view('data.l', { displayName: 'Cy' }));
    ledger.writeStarted();
    ledger.writeEnded();
    ledger.observe(at('written'), ledger.stateNow(), view('data.w', { displayName: 'Dee' }));
    expect(messagesOf(await ledger.settle(target({}).send))).toEqual([
      'event: data.e.models[3].contact.displayName of Contact "c1" is "Ada L.", but data.page.models[0].displayName (step "page" of joins.test, no write between) answered "Ada" for the same record: every view of a record answers its values alike',
    ]);
  });

  it("holds a record read through either revision's endpoint to one set of values (§9.3)", async () => {
    const score = (step: string, revision: '1.4.0' | '1.2.0', strength: number) => {
      const where = at(step);
      return [
        { ...where, revision, url: where.url.replace('1.4.0', revision) },
        observation({
          records: [
            {
              family: 'Contact',
              id: 'c1',
              path: 'data.contact.relationshipScore',
              values: new Map([['relationshipScore.strength', strength]]),
              renamed: new Map([['relationshipScore.strength', 'strength']]),
            },
          ],
        }),
      ] as const;
    };
    const agreeing = new JoinLedger();
    for (const [where, seen] of [score('new', '1.4.0', 3), score('old', '1.2.0', 3)])
      agreeing.observe(where, agreeing.stateNow(), seen);
    expect(messagesOf(await agreeing.settle(target({}).send))).toEqual([]);
    const ledger = new JoinLedger();
    for (const [where, seen] of [score('new', '1.4.0', 3), score('old', '1.2.0', 62)])
      ledger.observe(where, ledger.stateNow(), seen);
    expect(messagesOf(await ledger.settle(target({}).send))).toEqual([
      'old: data.contact.relationshipScore.strength of Contact "c1" is 62, but data.contact.relationshipScore.strength (step "new" of joins.test, no write between) answered 3 for the same record: every view of a record answers its values alike',
    ]);
  });

  it('holds every true involvement flag of a run, across writes and revisions, to one API user per token', async () => {
    const involved = (flag: boolean, ids: string[], i: number) =>
      observation({
        users: [
          {
            family: 'involved',
            role: flag ? 'in' : 'out',
            ids,
            path: `data.opportunities.models[${i}].isCurrentUserInvolved`,
          },
        ],
      });
    const ledger = new JoinLedger();
    ledger.observe(at('one'), ledger.stateNow(), involved(true, ['u1', 'p1'], 0));
    ledger.writeStarted();
    ledger.observe(at('two'), ledger.stateNow(), involved(false, ['u1'], 1));
    ledger.writeEnded();
    ledger.observe(at('other-token', 'limited'), ledger.stateNow(), involved(true, ['p2'], 2));
    ledger.observe(at('three'), ledger.stateNow(), involved(true, ['p1', 'p3'], 3));
    expect(messagesOf(await ledger.settle(target({}).send))).toEqual([]);
    ledger.observe(at('four'), ledger.stateNow(), involved(true, ['p3'], 4));
    expect(messagesOf(await ledger.settle(target({}).send))).toEqual([
      'four: data.opportunities.models[4].isCurrentUserInvolved is true, so the API user is the opportunity\'s lead, a principal or its creator (A-47): one of ["p3"]; but data.opportunities.models[3].isCurrentUserInvolved (step "three" of joins.test) and the other answers true before it leave no one of ["p3"]. No one user is named by every isCurrentUserInvolved answered true and by none answered false: the API user is one user',
    ]);
  });
});
