import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';
import {
  activeType,
  errorCode,
  relationshipTypes,
  world,
  type StoredContact,
  type StoredRelationship,
  type TypeView,
  type World,
} from './helpers.js';

let server: TestServer;
let w: World;
let types: TypeView[];
const contactById = new Map<string, StoredContact>();

beforeAll(async () => {
  server = await startTestServer();
  w = await world(server);
  for (const c of w.contacts) contactById.set(c.id, c);
  types = await relationshipTypes(server);
});

afterAll(async () => {
  await server.close();
});

// The rules the views must follow, restated over the stored data (A-51: private ones only for their owner).
function visible(r: StoredRelationship): boolean {
  return !r.isPrivate || r.ownerId === w.apiUserId;
}

function other(r: StoredRelationship, id: string): string {
  return r.baseContactId === id ? r.relatedContactId : r.baseContactId;
}

function relationshipsOf(id: string): StoredRelationship[] {
  return w.relationships.filter((r) => visible(r) && (r.baseContactId === id || r.relatedContactId === id));
}

function employerOf(id: string): string | null | undefined {
  const c = contactById.get(id);
  return c?.kind === 'Person' ? c.companyId : undefined;
}

/** The client company with the most visible relationships to firm people. */
function busiestClient(): string {
  const counts = new Map<string, number>();
  for (const r of w.relationships.filter(visible)) {
    for (const [a, b] of [
      [r.baseContactId, r.relatedContactId],
      [r.relatedContactId, r.baseContactId],
    ] as const) {
      const company = employerOf(b);
      if (employerOf(a) === w.firmCompanyId && company && company !== w.firmCompanyId) {
        counts.set(company, (counts.get(company) ?? 0) + 1);
      }
    }
  }
  const best = [...counts.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0];
  if (!best) throw new Error('no client company has relationships to the firm');
  return best[0];
}

interface ErtRow {
  id: string;
  contactId: string;
  displayName: string;
  relationshipType: string;
  strengthLevel: number;
  strengthLevelMax: number;
  strengthLevelDescription: string;
  isAnonymous: boolean;
  person: { id: string } | null;
}

async function employeeRelationshipsTo(toCompanyId: string, contactId: string, extra = '') {
  const res = await server.gql<{ employeeRelationshipsTo: { totalModels: number; models: ErtRow[] } }>(
    `query($to: ID!, $c: ID!) { employeeRelationshipsTo(toCompanyId: $to, contactId: $c${extra}) {
      totalModels models { id contactId displayName relationshipType strengthLevel strengthLevelMax
      strengthLevelDescription isAnonymous positionName emailAddress person { id } } } }`,
    { to: toCompanyId, c: contactId },
  );
  return dataOf(res).employeeRelationshipsTo;
}

interface ViewRow {
  id: string;
  displayName: string;
  office: string | null;
  totalRelationships: number;
  strongEngagementScore: number;
  strongEngagementLevelDescription: string;
  baseContactsDisplayName: string;
  concatenatedJobTitle: string;
  contact: { id: string } | null;
}

async function employeesView(from: string, to: string, extra = '') {
  const res = await server.gql<{
    employeesWithRelationshipsToView: { totalModels: number; models: ViewRow[] };
  }>(
    `query($f: ID!, $t: ID!) { employeesWithRelationshipsToView(fromCompanyId: $f, toCompanyId: $t${extra}) {
      totalModels models { id displayName office totalRelationships strongEngagementScore
      strongEngagementLevelDescription baseContactsDisplayName concatenatedJobTitle contact { id } } } }`,
    { f: from, t: to },
  );
  return dataOf(res).employeesWithRelationshipsToView;
}

async function employees(from: string, to: string, extra = '') {
  const res = await server.gql<{
    employeesWithRelationshipsTo: { totalModels: number; models: Array<{ id: string; displayName: string }> };
  }>(
    `query($f: ID!, $t: ID!) { employeesWithRelationshipsTo(fromCompanyId: $f, toCompanyId: $t${extra}) {
      totalModels models { id displayName positionName emailAddress phoneNumber contact { id displayName } } } }`,
    { f: from, t: to },
  );
  return dataOf(res).employeesWithRelationshipsTo;
}

interface Insight {
  isTargetCompany: boolean;
  insightType: string;
  insightContactId: string;
  displayName: string;
  totalConnections: number;
  totalEngagementScore: number;
}

async function insights(companyId: string): Promise<Insight[]> {
  const res = await server.gql<{ getRelationshipInsights: Insight[] }>(
    `query($c: ID!) { getRelationshipInsights(companyId: $c) {
      isTargetCompany insightType insightContactId displayName totalConnections totalEngagementScore } }`,
    { c: companyId },
  );
  return dataOf(res).getRelationshipInsights;
}

interface Connection {
  personId: string;
  relatedPersonId: string;
  relatedPersonDisplayName: string;
  totalConnectionCount: number;
  engagementScore: number;
  engagementRank: number;
  rankDescription: string;
  displayRank: number;
  relatedPersonJobTitle: string | null;
}

async function connections(target: string, fetchControl = 'All', paging = '') {
  const res = await server.gql<{ targetPersonConnections: { totalModels: number; models: Connection[] } }>(
    `query($t: ID!) { targetPersonConnections(input: { targetPersonId: $t, fetchControl: ${fetchControl}${paging} }) {
      totalModels models { personId relatedPersonId relatedPersonDisplayName totalConnectionCount
      engagementScore engagementRank rankDescription displayRank relatedPersonJobTitle } } }`,
    { t: target },
  );
  return dataOf(res).targetPersonConnections;
}

interface Score {
  sourceGuid: string;
  targetGuid: string;
  scoreDate: string;
  relationshipScore: number;
  scoreExplanation: string;
  recommendation: string;
  trendPrediction: string;
  scoreTooltip: string;
}

async function iqScore(target: string) {
  const res = await server.gql<{ getIQRelationshipScore: { totalModels: number; models: Score[] } }>(
    `query($t: ID!) { getIQRelationshipScore(targetContactId: $t) { totalModels models {
      sourceGuid targetGuid scoreDate relationshipScore scoreExplanation recommendation trendPrediction scoreTooltip } } }`,
    { t: target },
  );
  return dataOf(res).getIQRelationshipScore;
}

describe('employeeRelationshipsTo', () => {
  it("lists one contact's visible relationships to a company's employees", async () => {
    const company = busiestClient();
    const firmPerson = [
      ...new Set(w.relationships.filter(visible).flatMap((r) => [r.baseContactId, r.relatedContactId])),
    ]
      .filter((id) => employerOf(id) === w.firmCompanyId)
      .map((id) => ({
        id,
        n: relationshipsOf(id).filter((r) => employerOf(other(r, id)) === company).length,
      }))
      .sort((a, b) => b.n - a.n)[0];
    expect(firmPerson?.n).toBeGreaterThan(0);
    const id = firmPerson?.id as string;
    const expected = relationshipsOf(id).filter((r) => employerOf(other(r, id)) === company);
    const result = await employeeRelationshipsTo(company, id);
    expect(result.totalModels).toBe(expected.length);
    expect(result.models.map((m) => m.id).sort()).toEqual(expected.map((r) => r.id).sort());
    const names = result.models.map((m) => m.displayName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const row of result.models) {
      const stored = expected.find((r) => r.id === row.id) as StoredRelationship;
      expect(row.contactId).toBe(other(stored, id));
      expect(row.person?.id).toBe(row.contactId);
      expect(row.strengthLevel).toBe(stored.strengthLevel);
      expect(row.isAnonymous).toBe(stored.isAnonymous);
      expect(row.strengthLevel).toBeLessThanOrEqual(row.strengthLevelMax);
      expect(row.strengthLevelDescription).toMatch(/^(Weak|Fair|Good|Strong|Very strong)$/);
      expect(employerOf(row.contactId)).toBe(company);
    }
  });

  it('sorts by strength, filters by name, type and minimum strength, and pages', async () => {
    const company = busiestClient();
    const firmIds = w.contacts.filter((c) => c.companyId === w.firmCompanyId).map((c) => c.id);
    const pick = firmIds
      .map((id) => ({ id, rows: relationshipsOf(id).filter((r) => employerOf(other(r, id)) === company) }))
      .sort((a, b) => b.rows.length - a.rows.length)[0] as { id: string; rows: StoredRelationship[] };
    const all = await employeeRelationshipsTo(
      company,
      pick.id,
      ', sorts: [{ field: strengthLevel, direction: Descending }]',
    );
    const levels = all.models.map((m) => m.strengthLevel);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    const min = await employeeRelationshipsTo(
      company,
      pick.id,
      ', filters: [{ field: minimumStrengthLevel, value: "3" }]',
    );
    expect(min.totalModels).toBe(pick.rows.filter((r) => r.strengthLevel >= 3).length);
    const first = all.models[0] as ErtRow;
    const byType = await employeeRelationshipsTo(
      company,
      pick.id,
      `, filters: [{ field: relationshipType, value: ${JSON.stringify(first.relationshipType.toUpperCase())} }]`,
    );
    expect(byType.models.every((m) => m.relationshipType === first.relationshipType)).toBe(true);
    expect(byType.models.map((m) => m.id)).toContain(first.id);
    const byName = await employeeRelationshipsTo(
      company,
      pick.id,
      `, filters: [{ field: displayName, value: ${JSON.stringify(first.displayName.slice(1, 4))} }]`,
    );
    expect(byName.models.map((m) => m.id)).toContain(first.id);
    const paged = await employeeRelationshipsTo(company, pick.id, ', skip: 1, limit: 1');
    expect(paged.totalModels).toBe(all.totalModels);
    expect(paged.models.length).toBe(all.totalModels > 1 ? 1 : 0);
  });

  it('rejects a non-numeric minimum strength and a person as company; unknown ids match nothing', async () => {
    const company = busiestClient();
    const res = await server.gql(
      'query($c: ID!) { employeeRelationshipsTo(toCompanyId: $c, contactId: $c, filters: [{ field: minimumStrengthLevel, value: "x" }]) { totalModels } }',
      { c: company },
    );
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    const person = await server.gql(
      'query($c: ID!) { employeeRelationshipsTo(toCompanyId: $c, contactId: $c) { totalModels } }',
      { c: w.apiUserId },
    );
    expect(errorCode(person)).toBe('BAD_USER_INPUT');
    expect((await employeeRelationshipsTo('no-such-company', w.apiUserId)).totalModels).toBe(0);
    const negative = await server.gql(
      'query($c: ID!) { employeeRelationshipsTo(toCompanyId: $c, contactId: $c, skip: -1) { totalModels } }',
      { c: company },
    );
    expect(errorCode(negative)).toBe('BAD_USER_INPUT');
  });

  it("never shows relationships private to someone else, and shows the API user's private ones", async () => {
    const hidden = w.relationships.filter((r) => r.isPrivate && r.ownerId !== w.apiUserId);
    const own = w.relationships.filter((r) => r.isPrivate && r.ownerId === w.apiUserId);
    expect(hidden.length).toBeGreaterThan(0);
    expect(own.length).toBeGreaterThan(0);
    for (const r of hidden.slice(0, 5)) {
      const company = employerOf(r.relatedContactId);
      if (!company) continue;
      const rows = await employeeRelationshipsTo(company, r.baseContactId);
      expect(rows.models.map((m) => m.id)).not.toContain(r.id);
    }
    for (const r of own) {
      const company = employerOf(r.relatedContactId);
      if (!company) continue;
      const rows = await employeeRelationshipsTo(company, r.baseContactId);
      expect(rows.models.map((m) => m.id)).toContain(r.id);
    }
  });
});

describe('employeesWithRelationshipsTo and its view', () => {
  it('lists the employees of one company related to employees of another, with totals', async () => {
    const company = busiestClient();
    const expected = new Map<string, StoredRelationship[]>();
    for (const c of w.contacts.filter((x) => x.kind === 'Person' && x.companyId === w.firmCompanyId)) {
      const rows = relationshipsOf(c.id).filter((r) => employerOf(other(r, c.id)) === company);
      if (rows.length > 0) expected.set(c.id, rows);
    }
    const plain = await employees(w.firmCompanyId, company);
    expect(plain.models.map((m) => m.id).sort()).toEqual([...expected.keys()].sort());
    const view = await employeesView(w.firmCompanyId, company);
    expect(view.totalModels).toBe(expected.size);
    for (const row of view.models) {
      const rows = expected.get(row.id) as StoredRelationship[];
      expect(row.totalRelationships).toBe(rows.length);
      expect(row.contact?.id).toBe(row.id);
      expect(row.strongEngagementScore).toBeGreaterThan(0);
      expect(row.strongEngagementScore).toBeLessThanOrEqual(100);
      expect(row.strongEngagementLevelDescription).toMatch(/^(Weak|Fair|Good|Strong|Very strong)$/);
      for (const r of rows) {
        expect(row.baseContactsDisplayName).toContain(contactById.get(other(r, row.id))?.displayName);
      }
    }
    const byTotal = await employeesView(
      w.firmCompanyId,
      company,
      ', sorts: [{ field: totalRelationships, direction: Descending }]',
    );
    const totals = byTotal.models.map((m) => m.totalRelationships);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const byScore = await employeesView(
      w.firmCompanyId,
      company,
      ', sorts: [{ field: strongEngagementScore }]',
    );
    const scores = byScore.models.map((m) => m.strongEngagementScore);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    const first = view.models[0] as ViewRow;
    const filtered = await employeesView(
      w.firmCompanyId,
      company,
      `, filters: [{ field: displayName, value: ${JSON.stringify(first.displayName)} }, { field: office, value: ${JSON.stringify(first.office ?? '')} }]`,
    );
    expect(filtered.models.map((m) => m.id)).toContain(first.id);
    const named = await employees(
      w.firmCompanyId,
      company,
      `, filters: [{ field: displayName, value: "zzzz-nobody" }]`,
    );
    expect(named.totalModels).toBe(0);
    const desc = await employees(
      w.firmCompanyId,
      company,
      ', sorts: [{ field: displayName, direction: Descending }]',
    );
    expect(desc.models.map((m) => m.id)).toEqual([...plain.models].reverse().map((m) => m.id));
  });

  it('rejects a person as company and bad paging; unknown companies match nothing', async () => {
    for (const op of ['employeesWithRelationshipsTo', 'employeesWithRelationshipsToView']) {
      const person = await server.gql(
        `query($f: ID!, $t: ID!) { ${op}(fromCompanyId: $f, toCompanyId: $t) { totalModels } }`,
        {
          f: w.apiUserId,
          t: w.firmCompanyId,
        },
      );
      expect(errorCode(person)).toBe('BAD_USER_INPUT');
      const paging = await server.gql(
        `query($f: ID!) { ${op}(fromCompanyId: $f, toCompanyId: $f, limit: -5) { totalModels } }`,
        { f: w.firmCompanyId },
      );
      expect(errorCode(paging)).toBe('BAD_USER_INPUT');
      const missing = await server.gql(`{ ${op}(fromCompanyId: "x") { totalModels } }`);
      expect(errorCode(missing)).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    expect((await employees(w.firmCompanyId, 'no-such-company')).totalModels).toBe(0);
  });
});

describe('getRelationshipInsights', () => {
  it("ranks a company's most connected and most engaged people, with totals from the data", async () => {
    const company = busiestClient();
    const result = await insights(company);
    const targetConn = result.filter((i) => i.insightType === 'ConnectionRank' && i.isTargetCompany);
    const targetEng = result.filter((i) => i.insightType === 'EngagementRank' && i.isTargetCompany);
    const firmConn = result.filter((i) => i.insightType === 'ConnectionRank' && !i.isTargetCompany);
    expect(targetConn.length).toBeGreaterThan(0);
    expect(targetEng.length).toBe(targetConn.length);
    expect(firmConn.length).toBeGreaterThan(0);
    const counts = targetConn.map((i) => i.totalConnections);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const engagement = targetEng.map((i) => i.totalEngagementScore);
    expect(engagement).toEqual([...engagement].sort((a, b) => b - a));
    for (const i of targetConn) {
      expect(employerOf(i.insightContactId)).toBe(company);
      expect(i.totalConnections).toBe(relationshipsOf(i.insightContactId).length);
      expect(i.displayName).toBe(contactById.get(i.insightContactId)?.displayName);
    }
    // Nobody of the company left out has more connections than the last one listed.
    const listedLast = counts[counts.length - 1] as number;
    const others = w.contacts.filter(
      (c) => c.companyId === company && !targetConn.some((i) => i.insightContactId === c.id),
    );
    for (const c of others) expect(relationshipsOf(c.id).length).toBeLessThanOrEqual(listedLast);
    for (const i of firmConn) {
      expect(employerOf(i.insightContactId)).toBe(w.firmCompanyId);
      const toCompany = relationshipsOf(i.insightContactId).filter(
        (r) => employerOf(other(r, i.insightContactId)) === company,
      );
      expect(i.totalConnections).toBe(toCompany.length);
    }
  });

  it('returns nothing for an unknown company and rejects a person', async () => {
    expect(await insights('no-such-company')).toEqual([]);
    const res = await server.gql(
      'query($c: ID!) { getRelationshipInsights(companyId: $c) { displayName } }',
      {
        c: w.apiUserId,
      },
    );
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
  });
});

describe('targetPersonConnections', () => {
  function mostConnected(): string {
    const people = w.contacts.filter((c) => c.kind === 'Person' && c.isEmployee !== true);
    const best = people
      .map((c) => ({ id: c.id, n: relationshipsOf(c.id).length }))
      .sort((a, b) => b.n - a.n || (a.id < b.id ? -1 : 1))[0];
    return best?.id as string;
  }

  it('lists the people related to the target, ranked by engagement', async () => {
    const target = mostConnected();
    const all = await connections(target);
    const expectedPeople = new Set(
      relationshipsOf(target)
        .map((r) => other(r, target))
        .filter((id) => contactById.get(id)?.kind === 'Person'),
    );
    expect(all.totalModels).toBe(expectedPeople.size);
    expect(all.models.map((m) => m.relatedPersonId).sort()).toEqual([...expectedPeople].sort());
    all.models.forEach((m, i) => {
      expect(m.personId).toBe(target);
      expect(m.displayRank).toBe(i + 1);
      expect(m.totalConnectionCount).toBe(
        relationshipsOf(target).filter((r) => other(r, target) === m.relatedPersonId).length,
      );
      expect(m.rankDescription).toMatch(/^(Weak|Fair|Good|Strong|Very strong)$/);
      if (i > 0) {
        const prev = all.models[i - 1] as Connection;
        expect(m.engagementScore).toBeLessThanOrEqual(prev.engagementScore);
        expect(m.engagementRank).toBe(
          m.engagementScore === prev.engagementScore ? prev.engagementRank : i + 1,
        );
      }
    });
    expect(all.models[0]?.engagementRank).toBe(1);
    const colleagues = await connections(target, 'Colleagues');
    for (const m of colleagues.models) {
      expect(contactById.get(m.relatedPersonId)?.isEmployee).toBe(true);
      expect(m.relatedPersonId).not.toBe(w.apiUserId);
    }
    expect(colleagues.totalModels).toBe(
      all.models.filter(
        (m) => contactById.get(m.relatedPersonId)?.isEmployee && m.relatedPersonId !== w.apiUserId,
      ).length,
    );
    const page = await connections(target, 'All', ', skip: 1, limit: 2');
    expect(page.totalModels).toBe(all.totalModels);
    expect(page.models.map((m) => m.relatedPersonId)).toEqual(
      all.models.slice(1, 3).map((m) => m.relatedPersonId),
    );
  });

  it('rejects a company as target and bad paging; an unknown target has no connections', async () => {
    const company = await server.gql(
      'query($t: ID!) { targetPersonConnections(input: { targetPersonId: $t, fetchControl: All }) { totalModels } }',
      { t: w.firmCompanyId },
    );
    expect(errorCode(company)).toBe('BAD_USER_INPUT');
    const paging = await server.gql(
      'query($t: ID!) { targetPersonConnections(input: { targetPersonId: $t, fetchControl: All, limit: -1 }) { totalModels } }',
      { t: w.apiUserId },
    );
    expect(errorCode(paging)).toBe('BAD_USER_INPUT');
    const badEnum = await server.gql(
      '{ targetPersonConnections(input: { targetPersonId: "x", fetchControl: Everyone }) { totalModels } }',
    );
    expect(errorCode(badEnum)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await connections('no-such-person')).totalModels).toBe(0);
  });
});

describe('getIQRelationshipScore', () => {
  it("scores the API user's relationship with a target, and none without one", async () => {
    const mine = w.relationships.filter(
      (r) => visible(r) && (r.baseContactId === w.apiUserId || r.relatedContactId === w.apiUserId),
    );
    const target = other(
      mine.find((r) => contactById.get(other(r, w.apiUserId))?.kind === 'Person') as StoredRelationship,
      w.apiUserId,
    );
    const score = await iqScore(target);
    expect(score.totalModels).toBe(1);
    const model = score.models[0] as Score;
    expect(model.sourceGuid).toBe(w.apiUserId);
    expect(model.targetGuid).toBe(target);
    expect(model.scoreDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(model.relationshipScore).toBeGreaterThan(0);
    expect(model.relationshipScore).toBeLessThanOrEqual(100);
    expect(model.scoreExplanation).toMatch(/^Based on \d+ relationships?: /);
    expect(['Rising', 'Stable', 'Declining']).toContain(model.trendPrediction);
    expect(model.scoreTooltip).toContain(String(model.relationshipScore));
    const related = new Set(mine.map((r) => other(r, w.apiUserId)));
    const stranger = w.contacts.find(
      (c) => c.kind === 'Person' && c.id !== w.apiUserId && !related.has(c.id),
    ) as StoredContact;
    expect(await iqScore(stranger.id)).toEqual({ totalModels: 0, models: [] });
    expect(await iqScore(w.apiUserId)).toEqual({ totalModels: 0, models: [] });
    const missing = await server.gql('{ getIQRelationshipScore { totalModels } }');
    expect(errorCode(missing)).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('derived views follow the data', () => {
  it('add, edit and remove of a relationship change every derived view', async () => {
    const company = busiestClient();
    const before = await insights(company);
    const top = before.find((i) => i.insightType === 'ConnectionRank' && i.isTargetCompany) as Insight;
    const target = top.insightContactId;
    const existing = new Set(
      relationshipsOf(target)
        .filter((r) => other(r, target) === w.apiUserId)
        .map((r) => r.relationshipTypeId),
    );
    const five =
      types.filter(
        (t) =>
          t.status === 'Active' &&
          t.strengthScale === 5 &&
          t.relationshipListingTypes.includes('PersonToPerson') &&
          !existing.has(t.id),
      )[0] ?? activeType(types);
    const ertBefore = await employeeRelationshipsTo(company, w.apiUserId);
    const viewBefore = await employeesView(w.firmCompanyId, company);
    const userRowBefore = viewBefore.models.find((m) => m.id === w.apiUserId);
    const connBefore = await connections(target, 'CurrentUser');
    const allBefore = await connections(target);

    // Add: the API user knows the company's most connected person, at full strength.
    const add = await server.gql<{ addRelationship: { contactId: string; success: boolean } }>(
      'mutation($i: AddRelationshipInput) { addRelationship(input: $i) { contactId success } }',
      { i: { contactId: target, relationshipTypeId: five.id, strengthLevel: 5 } },
    );
    expect(dataOf(add).addRelationship).toEqual({ contactId: target, success: true });

    const ertAdded = await employeeRelationshipsTo(company, w.apiUserId);
    expect(ertAdded.totalModels).toBe(ertBefore.totalModels + 1);
    const added = ertAdded.models.find((m) => !ertBefore.models.some((b) => b.id === m.id)) as ErtRow;
    expect(added).toMatchObject({ contactId: target, relationshipType: five.name, strengthLevel: 5 });
    expect(added.strengthLevelDescription).toBe('Very strong');

    const viewAdded = await employeesView(w.firmCompanyId, company);
    const userRow = viewAdded.models.find((m) => m.id === w.apiUserId) as ViewRow;
    expect(userRow.totalRelationships).toBe((userRowBefore?.totalRelationships ?? 0) + 1);
    expect(userRow.baseContactsDisplayName).toContain(top.displayName);
    expect((await employees(w.firmCompanyId, company)).models.map((m) => m.id)).toContain(w.apiUserId);

    const afterAdd = await insights(company);
    const topAfter = afterAdd.find(
      (i) => i.insightType === 'ConnectionRank' && i.isTargetCompany && i.insightContactId === target,
    ) as Insight;
    expect(topAfter.totalConnections).toBe(top.totalConnections + 1);
    expect(topAfter.totalEngagementScore).toBe(top.totalEngagementScore + 100);
    expect(afterAdd.some((i) => !i.isTargetCompany && i.insightContactId === w.apiUserId)).toBe(true);

    const connAdded = await connections(target, 'CurrentUser');
    expect(connAdded.totalModels).toBe(1);
    expect(connAdded.models[0]?.totalConnectionCount).toBe(
      (connBefore.models[0]?.totalConnectionCount ?? 0) + 1,
    );
    expect((await connections(target)).totalModels).toBe(
      allBefore.totalModels + (connBefore.totalModels === 0 ? 1 : 0),
    );

    const scoreAdded = await iqScore(target);
    expect(scoreAdded.totalModels).toBe(1);
    expect(scoreAdded.models[0]?.relationshipScore).toBe(100);
    expect(scoreAdded.models[0]?.trendPrediction).toBe('Rising');

    // Edit: down to the weakest level, and former.
    const edit = await server.gql<{ editRelationship: { relationshipId: string; success: boolean } }>(
      'mutation($i: EditRelationshipInput) { editRelationship(input: $i) { relationshipId success } }',
      { i: { relationshipId: added.id, strengthLevel: 1, ...(five.formerInd ? { isFormer: true } : {}) } },
    );
    expect(dataOf(edit).editRelationship).toEqual({ relationshipId: added.id, success: true });
    const edited = (await employeeRelationshipsTo(company, w.apiUserId)).models.find(
      (m) => m.id === added.id,
    );
    expect(edited).toMatchObject({ strengthLevel: 1, strengthLevelDescription: 'Weak' });
    const viewEdited = (await employeesView(w.firmCompanyId, company)).models.find(
      (m) => m.id === w.apiUserId,
    ) as ViewRow;
    expect(viewEdited.strongEngagementScore).toBeLessThan(userRow.strongEngagementScore);
    const topEdited = (await insights(company)).find(
      (i) => i.insightType === 'ConnectionRank' && i.isTargetCompany && i.insightContactId === target,
    ) as Insight;
    expect(topEdited.totalEngagementScore).toBe(topAfter.totalEngagementScore - 80);
    const connEdited = await connections(target, 'CurrentUser');
    expect(connEdited.models[0]?.engagementScore).toBeLessThan(
      connAdded.models[0]?.engagementScore as number,
    );
    const scoreEdited = await iqScore(target);
    expect(scoreEdited.models[0]?.relationshipScore).toBeLessThan(100);

    // Remove: every view is back where it started.
    const remove = await server.gql<{ removeRelationship: { contactId: string; success: boolean } }>(
      'mutation($i: RemoveRelationshipInput) { removeRelationship(input: $i) { contactId success } }',
      { i: { contactId: target, relationshipId: added.id } },
    );
    expect(dataOf(remove).removeRelationship).toEqual({ contactId: target, success: true });
    expect((await employeeRelationshipsTo(company, w.apiUserId)).models.map((m) => m.id).sort()).toEqual(
      ertBefore.models.map((m) => m.id).sort(),
    );
    expect((await employeesView(w.firmCompanyId, company)).models).toEqual(viewBefore.models);
    expect(await insights(company)).toEqual(before);
    expect(await connections(target, 'CurrentUser')).toEqual(connBefore);
    expect((await iqScore(target)).totalModels).toBe(connBefore.totalModels);
  });
});
