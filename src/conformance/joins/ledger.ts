import type { Version } from '../../contract/versions.js';
import type { Finding } from '../assert/explicit.js';
import { differenceOf } from '../judge/judge.js';
import type { Difference } from '../outcome/differences.js';
import type { StepResult } from '../outcome/scenario-result.js';
import type { GraphQLRequest, HttpOutcome } from '../target/http-client.js';
import { ApiUserTally } from './api-user.js';
import { MembershipTally, membershipDifference, type MembershipContradiction } from './memberships.js';
import { JOIN_BASIS, type ByIdRead, type JoinObservation, type NullJoin } from './joins.js';

/** Where an answer came from: the step (its result gets the differences) and whom it was asked as. */
export interface ObservedAt {
  result: StepResult;
  scenarioId: string;
  revision: Version;
  url: string;
  headers: Record<string, string>;
}

/** The by-id reads of the probes: the record's id, whether it is deleted, and (contacts) its type. */
const PROBES: Record<ByIdRead, string> = {
  contact: 'query JoinProbe($id: ID!) { record: contact(id: $id) { __typename id } }',
  list: 'query JoinProbe($id: ID!) { record: list(id: $id) { id } }',
  initiative: 'query JoinProbe($id: ID!) { record: initiative(id: $id) { id isDeleted } }',
  objective: 'query JoinProbe($id: ID!) { record: objective(id: $id) { id isDeleted } }',
  opportunity: 'query JoinProbe($id: ID!) { record: opportunity(id: $id) { id } }',
};

/** Probes per asker and kind of record: a run of thousands of events reads a bounded number back. */
const MAX_PROBES = 25;

/** Records whose views are held against each other: a run's memory for them stays bounded. */
const MAX_RECORDS = 50_000;

/**
 * Membership contradictions named per asker and state, and per run: the first ones tell the fault, the
 * rest repeat it, and each region and tenant keeps a share.
 */
const MAX_MEMBERSHIP_FINDINGS_PER_ASKER = 10;
const MAX_MEMBERSHIP_FINDINGS = 200;

/** Answers kept per probe, and per person of employer claims: the first ones are named. */
const MAX_SIGHTINGS = 20;

/** A value as compared between views: lists of values compare as sets (one view may order tags otherwise). */
const comparable = (value: unknown): string =>
  Array.isArray(value) ? JSON.stringify(value.map((v) => JSON.stringify(v)).sort()) : JSON.stringify(value);

interface FirstView {
  at: ObservedAt;
  path: string;
  value: unknown;
  reported?: true;
}

interface Probe {
  at: ObservedAt;
  byId: ByIdRead;
  id: string;
  person: boolean;
  nulls: { at: ObservedAt; join: NullJoin }[];
}

interface EmailsSeen {
  at: ObservedAt;
  addresses: readonly string[];
  path: string;
}

interface EmployerSeen {
  at: ObservedAt;
  companyId: string | null;
  path: string;
}

const authorizationOf = (headers: Record<string, string>): string =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1] ?? '';

/**
 * Holds what answers of a run say of joins until every answer is in: a nested record answered
 * null is read back by id once the run is over (a record that exists then existed when the id was
 * answered beside it), and two answers about a person's employer, or about the same record's fields,
 * are held against each other only when no write of the run was in flight between them. Differences go to the step whose answer was wrong.
 */
export class JoinLedger {
  private state = 0;
  private writing = 0;
  private readonly probes = new Map<string, Probe>();
  private readonly probesPer = new Map<string, number>();
  private readonly employers = new Map<string, { claims: EmployerSeen[]; evidence: EmployerSeen[] }>();
  private readonly emails = new Map<string, { all: EmailsSeen[]; named: EmailsSeen[] }>();
  private readonly views = new Map<string, Map<string, FirstView>>();
  private readonly users = new ApiUserTally<ObservedAt>();
  private readonly memberships = new Map<string, MembershipTally<ObservedAt>>();
  private readonly membershipFindings: MembershipContradiction<ObservedAt>[] = [];
  private readonly disagreements: {
    at: ObservedAt;
    path: string;
    value: unknown;
    first: FirstView;
    record: string;
  }[] = [];

  /** A write (a mutation, a provider state) is sent: answers across it describe no one state. */
  writeStarted(): void {
    this.writing += 1;
    this.state += 1;
    // Views are held only within one state: those of earlier states are never read again, and keeping
    // them would spend the bound on records no later answer can be held against.
    this.views.clear();
    // Memberships too: what their answers contradict is settled now, and the answers let go.
    this.settleMemberships();
  }

  /** Keeps the contradictions of the memberships seen so far (the first ones) and lets their answers go. */
  private settleMemberships(): void {
    for (const tally of this.memberships.values())
      for (const c of tally.contradictions().slice(0, MAX_MEMBERSHIP_FINDINGS_PER_ASKER))
        if (this.membershipFindings.length < MAX_MEMBERSHIP_FINDINGS) this.membershipFindings.push(c);
    this.memberships.clear();
  }

  /** The write's answer is in. */
  writeEnded(): void {
    this.writing -= 1;
    this.state += 1;
  }

  /** The state an answer asked now describes, or undefined while a write is in flight. */
  stateNow(): number | undefined {
    return this.writing === 0 ? this.state : undefined;
  }

  /** Records an answer's observation; `askedIn` is `stateNow()` when the request was sent. */
  observe(at: ObservedAt, askedIn: number | undefined, seen: JoinObservation): void {
    // The revisions are two schemas over one tenant's data (§9.3 names how they differ, never the data):
    // a record read through either endpoint is the same record, so the revision is left out of the key.
    const asker = `${at.url.split(at.revision).join('{revision}')} ${authorizationOf(at.headers)}`;
    for (const join of seen.nullJoins) {
      const key = `${asker} ${join.byId} ${join.id}`;
      let probe = this.probes.get(key);
      if (!probe) {
        const kind = `${asker} ${join.byId}`;
        const count = this.probesPer.get(kind) ?? 0;
        if (count >= MAX_PROBES) continue;
        this.probesPer.set(kind, count + 1);
        probe = { at, byId: join.byId, id: join.id, person: join.person, nulls: [] };
        this.probes.set(key, probe);
      }
      if (probe.nulls.length < MAX_SIGHTINGS) probe.nulls.push({ at, join });
    }
    // The API user is one user through every state of the run: an answer is a fact about it whenever asked.
    for (const fact of seen.users) this.users.add(asker, at, fact);
    if (askedIn === undefined || askedIn !== this.stateNow()) return;
    this.holdViews(at, asker, askedIn, seen);
    if (seen.memberships.length > 0) {
      for (const fact of seen.memberships) {
        const key = `${asker} ${askedIn} ${fact.relation}`;
        let tally = this.memberships.get(key);
        if (!tally) {
          tally = new MembershipTally(fact.relation);
          this.memberships.set(key, tally);
        }
        tally.add(at, fact);
      }
    }
    for (const fact of seen.employers) {
      const key = `${asker} ${askedIn} ${fact.personId}`;
      const entry = this.employers.get(key) ?? { claims: [], evidence: [] };
      if (!this.employers.has(key) && this.employers.size >= MAX_RECORDS) continue;
      // Evidence matters only while it names one company: one sighting per company, two at most, tell that.
      const kept =
        fact.role === 'claim'
          ? entry.claims.length < MAX_SIGHTINGS
          : entry.evidence.length < 2 && !entry.evidence.some((e) => e.companyId === fact.companyId);
      if (kept) {
        (fact.role === 'claim' ? entry.claims : entry.evidence).push({
          at,
          companyId: fact.companyId,
          path: fact.path,
        });
      }
      this.employers.set(key, entry);
    }
    for (const fact of seen.emails) {
      const key = `${asker} ${askedIn} ${fact.contactId}`;
      const entry = this.emails.get(key) ?? { all: [], named: [] };
      if (!this.emails.has(key) && this.emails.size >= MAX_RECORDS) continue;
      const kept = fact.role === 'all' ? entry.all : entry.named;
      // One sighting of each address another view names is enough to hold the lists to it.
      const known = kept.some((k) => k.addresses.join('\n') === fact.addresses.join('\n'));
      if (kept.length < MAX_SIGHTINGS && !(fact.role === 'one' && known))
        kept.push({ at, addresses: fact.addresses, path: fact.path });
      this.emails.set(key, entry);
    }
  }

  /** Holds each record's fields against its first view in this state: the later view that differs is named. */
  private holdViews(at: ObservedAt, asker: string, state: number, seen: JoinObservation): void {
    for (const view of seen.records) {
      const key = `${asker} ${state} ${view.family} ${view.id}`;
      let first = this.views.get(key);
      if (!first) {
        if (this.views.size >= MAX_RECORDS) continue;
        first = new Map();
        this.views.set(key, first);
      }
      for (const [field, value] of view.values) {
        const earlier = first.get(field);
        const path = `${view.path}.${view.renamed?.get(field) ?? field}`;
        if (!earlier) first.set(field, { at, path, value });
        else if (!earlier.reported && comparable(earlier.value) !== comparable(value)) {
          earlier.reported = true;
          this.disagreements.push({
            at,
            path,
            value,
            first: earlier,
            record: `${view.family} ${JSON.stringify(view.id)}`,
          });
        }
      }
    }
  }

  /**
   * Reads back every record a join answered null for, and holds the employers' answers and the views of
   * each record against each other: the differences found, by the step result they belong to. `send` posts a probe as a step
   * would (a probe that fails to answer proves nothing and is left out).
   */
  async settle(
    send: (request: GraphQLRequest) => Promise<HttpOutcome>,
  ): Promise<Map<StepResult, Difference[]>> {
    const found = new Map<StepResult, Difference[]>();
    const add = (at: ObservedAt, d: Omit<Finding, 'expectationId'>): void => {
      const difference = differenceOf(
        { finding: { expectationId: 'join', ...d }, level: 'MUST', basis: JOIN_BASIS },
        { scenarioId: at.scenarioId, stepId: at.result.stepId, revision: at.revision },
      );
      found.set(at.result, [...(found.get(at.result) ?? []), difference]);
    };
    for (const probe of this.probes.values()) {
      const outcome = await send({
        url: probe.at.url,
        headers: probe.at.headers,
        body: { query: PROBES[probe.byId], variables: { id: probe.id }, operationName: 'JoinProbe' },
      });
      if (outcome.kind !== 'response' || outcome.status >= 300) continue;
      const record = (outcome.body as { data?: { record?: Record<string, unknown> | null } } | undefined)
        ?.data?.record;
      if (!record || record.id !== probe.id || record.isDeleted === true) continue;
      if (probe.person && record.__typename !== 'Person') continue;
      for (const { at, join } of probe.nulls) {
        add(at, {
          path: join.path,
          kind: 'value-mismatch',
          expected: { id: join.id },
          actual: null,
          message: `${join.path} (${join.field}) is null, but the id beside it, ${JSON.stringify(join.id)}, names a record that ${probe.byId}(id) answers after this answer: a nested record is joined while it exists`,
        });
      }
    }
    for (const { claims, evidence } of this.employers.values()) {
      const named = new Set(evidence.map((e) => e.companyId));
      if (named.size !== 1) continue;
      const [companyId] = [...named];
      const shown = evidence[0]!;
      for (const claim of claims) {
        if (claim.companyId === companyId) continue;
        add(claim.at, {
          path: claim.path,
          kind: 'value-mismatch',
          expected: { id: companyId },
          actual: claim.companyId === null ? null : { id: claim.companyId },
          message: `${claim.path} (Person.currentEmployer) is ${claim.companyId === null ? 'null' : JSON.stringify(claim.companyId)}, but ${shown.path} (step "${shown.at.result.stepId}" of ${shown.at.scenarioId}, no write between) names company ${JSON.stringify(companyId)} as the person's employer`,
        });
      }
    }
    for (const { all, named } of this.emails.values()) {
      for (const list of all) {
        const held = new Set(list.addresses.map((a) => a.toLowerCase()));
        const missing = named.find((n) => !held.has(n.addresses[0]!.toLowerCase()));
        if (!missing) continue;
        add(list.at, {
          path: list.path,
          kind: 'value-mismatch',
          expected: `addresses including ${JSON.stringify(missing.addresses[0])}`,
          actual: list.addresses,
          message: `${list.path} does not hold ${JSON.stringify(missing.addresses[0])}, which ${missing.path} (step "${missing.at.result.stepId}" of ${missing.at.scenarioId}, no write between) names as one of the contact's addresses: a contact's emailAddresses are all of its addresses`,
        });
      }
    }
    for (const { at, fact, ruledOutBy, earlier } of this.users.contradictions()) {
      const flag = fact.family === 'involved' ? 'isCurrentUserInvolved' : 'userIsSponsor';
      const whom =
        fact.family === 'involved'
          ? "the opportunity's lead, a principal or its creator (A-47)"
          : "one of the membership's sponsors (A-74)";
      const out = ruledOutBy[0];
      const before = earlier.at(-1);
      const why = out
        ? `${out.fact.path} (step "${out.at.result.stepId}" of ${out.at.scenarioId}) is false beside ${JSON.stringify(out.fact.ids)}, so the user is none of those`
        : before
          ? `${before.fact.path} (step "${before.at.result.stepId}" of ${before.at.scenarioId}) and the other answers true before it leave no one of ${JSON.stringify(fact.ids)}`
          : 'it names no one';
      add(at, {
        path: fact.path,
        kind: 'value-mismatch',
        expected: false,
        actual: true,
        message: `${fact.path} is true, so the API user is ${whom}: one of ${JSON.stringify(fact.ids)}; but ${why}. No one user is named by every ${flag} answered true and by none answered false: the API user is one user`,
      });
    }
    this.settleMemberships();
    for (const c of this.membershipFindings) {
      const told = membershipDifference(
        c,
        `step "${c.inIt.at.result.stepId}" of ${c.inIt.at.scenarioId}, no write between`,
      );
      add(c.notInIt.at, { path: c.notInIt.path, kind: 'value-mismatch', ...told });
    }
    for (const d of this.disagreements) {
      add(d.at, {
        path: d.path,
        kind: 'value-mismatch',
        expected: d.first.value,
        actual: d.value,
        message: `${d.path} of ${d.record} is ${JSON.stringify(d.value)}, but ${d.first.path} (step "${d.first.at.result.stepId}" of ${d.first.at.scenarioId}, no write between) answered ${JSON.stringify(d.first.value)} for the same record: every view of a record answers its values alike`,
      });
    }
    return found;
  }
}
