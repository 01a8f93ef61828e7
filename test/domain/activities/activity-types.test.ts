import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';

const VERSIONS = ['1.4.0', '1.2.0'] as const;

interface TypeOut {
  id: string;
  name: string;
  groupId: string;
  groupName: string;
  isDefault: boolean;
  isActive: boolean;
}

const QUERY = `query ($c: Boolean, $s: Boolean, $a: Boolean, $w: Boolean, $skip: Int, $limit: Int) {
  activityTypes(onlyUserCreatable: $c, onlyUserSearchable: $s, appointmentTypesOnly: $a, watchable: $w,
    skip: $skip, limit: $limit) { totalModels models { id name groupId groupName isDefault isActive } } }`;

type Out = { activityTypes: { totalModels: number; models: TypeOut[] } };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function types(variables: Record<string, unknown>, version: (typeof VERSIONS)[number] = '1.4.0') {
  return dataOf(await server.gql<Out>(QUERY, variables, { version })).activityTypes;
}

const names = (list: { models: TypeOut[] }) => list.models.map((t) => t.name);

describe('activityTypes', () => {
  it.each(VERSIONS)('by default lists the active types users can create, by name (%s)', async (version) => {
    const result = await types({}, version);
    expect(result.totalModels).toBe(result.models.length);
    expect(names(result)).toEqual(
      expect.arrayContaining(['Meeting', 'Phone Call', 'Email', 'Lunch', 'Appointment']),
    );
    // Inactive types and types only the calendar synchronisation creates are not offered.
    expect(names(result)).not.toContain('Fax');
    expect(names(result)).not.toContain('Calendar Sync Event');
    for (const t of result.models) expect(t.isActive).toBe(true);
    expect(names(result)).toEqual([...names(result)].sort((a, b) => a.localeCompare(b, 'en')));
    const meeting = result.models.find((t) => t.name === 'Meeting');
    expect(meeting).toMatchObject({ isDefault: true, groupName: 'Meetings', groupId: expect.any(String) });
  });

  it.each(VERSIONS)(
    'with onlyUserCreatable false lists every type, one default, some inactive (%s)',
    async (version) => {
      const all = await types({ c: false }, version);
      const creatable = await types({}, version);
      expect(all.totalModels).toBeGreaterThan(creatable.totalModels);
      expect(all.models.filter((t) => t.isDefault)).toHaveLength(1);
      expect(all.models.filter((t) => !t.isActive).map((t) => t.name)).toEqual(
        expect.arrayContaining(['Fax']),
      );
      // Types of one group share the group id.
      const groups = new Map<string, string>();
      for (const t of all.models) {
        expect(groups.get(t.groupName) ?? t.groupId).toBe(t.groupId);
        groups.set(t.groupName, t.groupId);
      }
    },
  );

  it('each flag argument narrows the list', async () => {
    const all = names(await types({ c: false }));
    const searchable = names(await types({ c: false, s: true }));
    const appointments = names(await types({ c: false, a: true }));
    const watchable = names(await types({ c: false, w: true }));
    for (const subset of [searchable, appointments, watchable]) {
      expect(subset.length).toBeGreaterThan(0);
      expect(subset.length).toBeLessThan(all.length);
      for (const name of subset) expect(all).toContain(name);
    }
    expect(searchable).not.toContain('Client Entertainment');
    expect(appointments.sort()).toEqual(['Appointment', 'Calendar Sync Event']);
    expect(watchable).toContain('Meeting');
    expect(watchable).not.toContain('Phone Call');
    // Flags combine: creatable appointment types are the appointments minus the calendar-synced one.
    expect(names(await types({ a: true }))).toEqual(['Appointment']);
    // An explicit null means the default (true) for onlyUserCreatable.
    expect(names(await types({ c: null }))).toEqual(names(await types({})));
  });

  it('pages with skip and limit and reports the total of the whole match', async () => {
    const all = await types({ c: false });
    const slice = await types({ c: false, skip: 2, limit: 3 });
    expect(slice.totalModels).toBe(all.totalModels);
    expect(slice.models).toEqual(all.models.slice(2, 5));
  });

  it.each(VERSIONS)('rejects a negative limit (%s)', async (version) => {
    const response = await server.gql(QUERY, { limit: -1 }, { version });
    expect(response.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  });
});
