import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';
import { errorCode } from './helpers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

interface TypeDefinition {
  id: string;
  name: string;
  converse: string;
  category: string;
  permissionId: string;
  relationshipListingTypes: string[];
  formerName: string | null;
  converseId: string | null;
  formerInd: boolean;
  strengthScale: number;
  correlationRangeItems: Array<{
    rangeItemId: string;
    rangeSetId: string;
    displayOrder: number;
    strengthDescription: string;
  }>;
  status: string;
  disableEdit: boolean;
}

const FIELDS = `id name converse category permissionId relationshipListingTypes formerName converseId
  formerInd strengthScale status disableEdit description sentenceName formerSentenceName cleanInd
  correlationRangeItems { rangeItemId rangeSetId displayOrder strengthDescription }`;

async function types(args = ''): Promise<TypeDefinition[]> {
  const res = await server.gql<{ relationshipTypes: TypeDefinition[] }>(
    `{ relationshipTypes${args} { ${FIELDS} } }`,
  );
  return dataOf(res).relationshipTypes;
}

describe('relationshipTypes', () => {
  it('lists the seeded types, by name, with a strength scale and one range item per level', async () => {
    const all = await types();
    expect(all.length).toBeGreaterThanOrEqual(10);
    const names = all.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).toEqual(expect.arrayContaining(['Knows', 'Worked with', 'Friend', 'Board member']));
    for (const t of all) {
      expect(t.correlationRangeItems).toHaveLength(t.strengthScale);
      expect(t.correlationRangeItems.map((i) => i.displayOrder)).toEqual(
        Array.from({ length: t.strengthScale }, (_, i) => i + 1),
      );
      expect(new Set(t.correlationRangeItems.map((i) => i.rangeSetId)).size).toBe(1);
      expect(t.correlationRangeItems[0]?.strengthDescription).toBe('Weak');
      expect(['Active', 'Inactive']).toContain(t.status);
      expect(t.formerInd).toBe(t.formerName !== null);
    }
    const five = all.find((t) => t.strengthScale === 5);
    expect(five?.correlationRangeItems.map((i) => i.strengthDescription)).toEqual([
      'Weak',
      'Fair',
      'Good',
      'Strong',
      'Very strong',
    ]);
    expect(all.filter((t) => t.status === 'Inactive').length).toBeGreaterThanOrEqual(1);
    expect(all.some((t) => t.relationshipListingTypes.includes('PersonToCompany'))).toBe(true);
  });

  it('links converse types both ways', async () => {
    const all = await types();
    const byId = new Map(all.map((t) => [t.id, t]));
    const paired = all.filter((t) => t.converseId && t.converseId !== t.id);
    expect(paired.length).toBeGreaterThanOrEqual(2);
    for (const t of paired) {
      const converse = byId.get(t.converseId as string);
      expect(converse?.name).toBe(t.converse);
      expect(converse?.converseId).toBe(t.id);
    }
  });

  it('filters by name, category, listing type and ids', async () => {
    const all = await types();
    expect((await types('(filter: { name: "know" })')).map((t) => t.name)).toEqual(['Knows']);
    const personal = await types('(filter: { category: "personal" })');
    expect(personal.length).toBeGreaterThan(0);
    expect(personal.every((t) => t.category === 'Personal')).toBe(true);
    const toCompany = await types('(filter: { relationshipListingType: PersonToCompany })');
    expect(toCompany.length).toBe(
      all.filter((t) => t.relationshipListingTypes.includes('PersonToCompany')).length,
    );
    const two = all.slice(0, 2).map((t) => t.id);
    expect((await types(`(filter: { ids: ${JSON.stringify(two)} })`)).map((t) => t.id).sort()).toEqual(
      [...two].sort(),
    );
  });

  it('sorts by category or name in either direction and pages with skip and limit', async () => {
    const all = await types();
    const desc = await types('(sort: { field: name, direction: Descending })');
    expect(desc.map((t) => t.id)).toEqual([...all].reverse().map((t) => t.id));
    const byCategory = await types('(sort: { field: category })');
    const categories = byCategory.map((t) => t.category);
    expect(categories).toEqual(
      [...categories].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    expect((await types('(skip: 2, limit: 3)')).map((t) => t.id)).toEqual(all.slice(2, 5).map((t) => t.id));
    // The default limit is 500 (§8): every type comes back without a limit, none past 500.
    expect((await types('(limit: 500)')).length).toBe(all.length);
  });

  it('rejects bad paging and sort values', async () => {
    const negative = await server.gql('{ relationshipTypes(limit: -1) { id } }');
    expect(errorCode(negative)).toBe('BAD_USER_INPUT');
    const badSort = await server.gql('{ relationshipTypes(sort: { field: strength }) { id } }');
    expect(errorCode(badSort)).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('revision 1.2.0', () => {
  const operations: Array<[string, string]> = [
    ['relationshipTypes', '{ relationshipTypes { id } }'],
    [
      'employeeRelationshipsTo',
      '{ employeeRelationshipsTo(toCompanyId: "a", contactId: "b") { totalModels } }',
    ],
    [
      'employeesWithRelationshipsTo',
      '{ employeesWithRelationshipsTo(fromCompanyId: "a", toCompanyId: "b") { totalModels } }',
    ],
    [
      'employeesWithRelationshipsToView',
      '{ employeesWithRelationshipsToView(fromCompanyId: "a", toCompanyId: "b") { totalModels } }',
    ],
    ['getIQRelationshipScore', '{ getIQRelationshipScore(targetContactId: "a") { totalModels } }'],
    ['getRelationshipInsights', '{ getRelationshipInsights(companyId: "a") { displayName } }'],
    [
      'targetPersonConnections',
      '{ targetPersonConnections(input: { targetPersonId: "a", fetchControl: All }) { totalModels } }',
    ],
    ['addRelationship', 'mutation { addRelationship { success } }'],
    ['addRelationshipForContacts', 'mutation { addRelationshipForContacts { success } }'],
    ['editRelationship', 'mutation { editRelationship { success } }'],
    ['removeRelationship', 'mutation { removeRelationship { success } }'],
  ];

  it.each(operations)('rejects %s as unknown on the 1.2.0 endpoint', async (_name, query) => {
    const old = await server.gql(query, {}, { version: '1.2.0' });
    expect(old.status).toBe(200);
    expect(old.data).toBeUndefined();
    expect(errorCode(old)).toBe('GRAPHQL_VALIDATION_FAILED');
    const current = await server.gql(query);
    expect((current.errors ?? []).map((e) => e.extensions?.['code'])).not.toContain(
      'GRAPHQL_VALIDATION_FAILED',
    );
  });
});
