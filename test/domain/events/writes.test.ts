// Every mutation that changes a polled entity shows up in its event view (§6, A-64), in write order,
// and a poller that remembers its last eventDate sees each change exactly once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface EventModel {
  eventType: string;
  eventDate: string;
  [id: string]: unknown;
}

/** Runs a mutation that must succeed (no GraphQL errors, no validationErrors anywhere in the result). */
async function write(query: string, variables: Record<string, unknown> = {}) {
  const data = dataOf(await server.gql<Record<string, Record<string, unknown>>>(query, variables));
  const result = Object.values(data)[0]!;
  expect(JSON.stringify(result)).not.toMatch(/"validationErrors":\[\{/);
  return result;
}

/** The newest eventDate of a view, the poller's starting point. */
async function lastEventDate(view: string): Promise<string> {
  const data = dataOf(
    await server.gql<Record<string, { models: EventModel[] }>>(
      `{ ${view}(limit: 1, sort: [{ field: eventDate, direction: Descending }]) { models { eventDate } } }`,
    ),
  );
  return data[view]!.models[0]?.eventDate ?? '1970-01-01T00:00:00Z';
}

/** Polls a view for what happened after `after` (the poller's loop, one page of up to 1000). */
async function poll(view: string, idField: string, after: string, filter = ''): Promise<EventModel[]> {
  const query = `query($after: DateTime) { ${view}(limit: 1000, filter: { eventDate: { after: $after } ${filter} }) {
    totalModels models { eventType eventDate ${idField} } } }`;
  const data = dataOf(
    await server.gql<Record<string, { totalModels: number; models: EventModel[] }>>(query, { after }),
  );
  return data[view]!.models;
}

function expectNonDecreasing(events: EventModel[]): void {
  const dates = events.map((e) => e.eventDate);
  expect([...dates].sort()).toEqual(dates);
}

describe('firmContactEventViews follows every contact write', () => {
  it('records ContactCreated/ContactUpdated per write, and a poller sees each exactly once', async () => {
    const since = await lastEventDate('firmContactEventViews');
    const person = (
      await write('mutation { addPerson(input: { firstName: "Ada", lastName: "Poller" }) { item { id } } }')
    ).item as { id: string };
    const company = (
      await write('mutation { addCompany(input: { companyName: "Poller Analytics Ltd" }) { item { id } } }')
    ).item as { id: string };
    const genders = dataOf(
      await server.gql<{ firm: { settings: { genderSettings: { genders: string[] } } } }>(
        '{ firm { settings { genderSettings { genders } } } }',
      ),
    ).firm.settings.genderSettings.genders;
    await write('mutation($id: ID!) { updatePublicPerson(input: { id: $id, goesBy: "Addie" }) { status } }', {
      id: person.id,
    });
    await write(
      'mutation($id: ID!) { updatePublicCompany(input: { id: $id, alias: "PAL" }) { item { id } } }',
      { id: company.id },
    );
    await write(
      'mutation($p: ID!, $c: ID!) { editPersonEmploymentInformation(input: { personId: $p, companyId: $c, jobTitle: "CTO" }) { status } }',
      { p: person.id, c: company.id },
    );
    const located = (await write(
      `mutation($id: ID!) { addPublicLocation(input: { contactId: $id, type: "Home", street: "1 Main St", city: "Springfield", country: "United States" }) {
        item { addresses { id street } } } }`,
      { id: person.id },
    )) as { item: { addresses: Array<{ id: string; street: string }> } };
    const addressId = located.item.addresses.find((a) => a.street === '1 Main St')!.id;
    await write(
      'mutation($c: ID!, $a: ID!) { changePublicContactLocation(input: { contactId: $c, addressId: $a, city: "Shelbyville" }) { status } }',
      { c: person.id, a: addressId },
    );
    await write(
      'mutation($id: ID!, $g: String) { updateContactAdditionalFields(input: { personId: $id, gender: $g }) { status } }',
      {
        id: person.id,
        g: genders[0],
      },
    );

    const events = await poll('firmContactEventViews', 'contactId', since);
    const ours = events.filter((e) => e['contactId'] === person.id || e['contactId'] === company.id);
    expect(ours.map((e) => [e.eventType, e['contactId'] === person.id ? 'person' : 'company'])).toEqual([
      ['ContactCreated', 'person'],
      ['ContactCreated', 'company'],
      ['ContactUpdated', 'person'],
      ['ContactUpdated', 'company'],
      ['ContactUpdated', 'person'],
      ['ContactUpdated', 'person'],
      ['ContactUpdated', 'person'],
      ['ContactUpdated', 'person'],
    ]);
    // Separate writes get strictly increasing dates, so `after` never drops or repeats one.
    const dates = ours.map((e) => e.eventDate);
    expect(new Set(dates).size).toBe(dates.length);
    expectNonDecreasing(events);
    const last = events[events.length - 1]!.eventDate;
    expect(await poll('firmContactEventViews', 'contactId', last)).toEqual([]);

    // The nested contact is the contact as it is now.
    const view = dataOf(
      await server.gql<{
        firmContactEventViews: { models: Array<{ contact: { displayName: string } | null }> };
      }>(
        `query($ids: [ID!]) { firmContactEventViews(filter: { contactIds: $ids, eventTypes: [ContactCreated] }) {
          models { contact { displayName ... on Person { goesBy } } } } }`,
        { ids: [person.id] },
      ),
    );
    expect(view.firmContactEventViews.models).toEqual([
      { contact: { displayName: expect.any(String), goesBy: 'Addie' } },
    ]);
  });
});

describe('listEventViews follows every list write', () => {
  it('records creation, edits, membership, field definitions, values and deletion in order', async () => {
    const folders = dataOf(
      await server.gql<{ m: { models: Array<{ id: string }> }; w: { models: Array<{ id: string }> } }>(
        '{ m: folderTypes(listClass: [marketingLists]) { models { id } } w: folderTypes(listClass: [workingLists]) { models { id } } }',
      ),
    );
    const contactId = dataOf(
      await server.gql<{ searchFirmContacts: { models: Array<{ id: string }> } }>(
        '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
      ),
    ).searchFirmContacts.models[0]!.id;
    const since = await lastEventDate('listEventViews');
    const contactSince = await lastEventDate('firmContactEventViews');

    const marketing = (
      (
        await write(
          'mutation($f: ID!) { addList(input: { name: "Poller marketing", folderTypeId: $f }) { item { id } } }',
          {
            f: folders.m.models[0]!.id,
          },
        )
      ).item as { id: string }
    ).id;
    const working = (
      (
        await write(
          'mutation($f: ID!) { addWorkingList(input: { name: "Poller working", folderTypeId: $f }) { success item { id } } }',
          {
            f: folders.w.models[0]!.id,
          },
        )
      ).item as { id: string }
    ).id;
    await write(
      'mutation($id: ID!) { editListDetails(input: { id: $id, description: "Edited" }) { item { id } } }',
      { id: marketing },
    );
    await write(
      'mutation($id: ID!) { editWorkingListDetails(input: { id: $id, name: "Poller working 2" }) { success } }',
      { id: working },
    );
    await write(
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      {
        l: [marketing, working],
        c: [contactId],
      },
    );
    const field = (await write(
      'mutation($l: ID!) { addAdditionalFieldDefinition(input: { listId: $l, name: "Tier", type: text }) { additionalFieldDefinition { id } } }',
      { l: marketing },
    )) as { additionalFieldDefinition: { id: string } };
    const fieldId = field.additionalFieldDefinition.id;
    await write(
      'mutation($id: ID!) { editAdditionalFieldDefinition(input: { id: $id, description: "Client tier" }) { success } }',
      { id: fieldId },
    );
    await write(
      'mutation($l: ID!, $c: ID!, $f: ID!) { updateListContactAdditionalFields(input: { listId: $l, contactId: $c, fields: [{ fieldId: $f, value: "Gold" }] }) { models { isSuccessful } } }',
      { l: marketing, c: contactId, f: fieldId },
    );
    await server.gql('mutation($id: ID!) { removeAdditionalFieldDefinition(id: $id) }', { id: fieldId });
    await write(
      'mutation($c: ID!, $l: [ID!]!) { removeContactFromLists(input: { contactId: $c, listIds: $l }) { item { successIds } } }',
      {
        c: contactId,
        l: [marketing],
      },
    );
    await write(
      'mutation($l: ID!, $c: [ID!]!) { removeContactsFromList(listId: $l, contactIds: $c) { contactsEffected } }',
      {
        l: working,
        c: [contactId],
      },
    );
    const removed = dataOf(
      await server.gql<{ removeWorkingList: boolean }>(
        'mutation($id: ID!) { removeWorkingList(listId: $id) }',
        { id: working },
      ),
    );
    expect(removed.removeWorkingList).toBe(true);

    const events = await poll('listEventViews', 'listId', since);
    expectNonDecreasing(events);
    expect(events.filter((e) => e['listId'] === marketing).map((e) => e.eventType)).toEqual([
      'ListCreated',
      'ListUpdated',
      'ListMemberAdded',
      'ListFieldDefinitionAdded',
      'ListFieldDefinitionUpdated',
      'ListUpdated',
      'ListFieldDefinitionRemoved',
      'ListMemberRemoved',
    ]);
    // The removed working list is deleted: its events show only when the filter asks for ListDeleted (§6).
    expect(events.filter((e) => e['listId'] === working)).toEqual([]);
    const deleted = await poll(
      'listEventViews',
      'listId',
      since,
      'eventTypes: [ListDeleted, ListCreated, ListMemberRemoved]',
    );
    expect(deleted.filter((e) => e['listId'] === working).map((e) => e.eventType)).toEqual([
      'ListCreated',
      'ListMemberRemoved',
      'ListDeleted',
    ]);
    // Membership changes of the contact show in the contact view too.
    const contactEvents = await poll(
      'firmContactEventViews',
      'contactId',
      contactSince,
      `contactIds: ["${contactId}"]`,
    );
    expect(contactEvents.map((e) => e.eventType)).toEqual([
      'ContactAddedToList',
      'ContactAddedToList',
      'ContactRemovedFromList',
      'ContactRemovedFromList',
    ]);
  });

  it('records no list events while the audit feature is off, and does again once it is on (§6 rule 1)', async () => {
    const token = 'dev-token-limited';
    const folder = dataOf(
      await server.gql<{ folderTypes: { models: Array<{ id: string }> } }>(
        '{ folderTypes(listClass: [marketingLists]) { models { id } } }',
        {},
        { token },
      ),
    ).folderTypes.models[0]!.id;
    const add = async (name: string) =>
      dataOf(
        await server.gql<{ addList: { item: { id: string } } }>(
          'mutation($n: String!, $f: ID!) { addList(input: { name: $n, folderTypeId: $f }) { item { id } } }',
          { n: name, f: folder },
          { token },
        ),
      ).addList.item.id;
    const listEvents = async (id: string) =>
      dataOf(
        await server.gql<{ listEventViews: { totalModels: number } }>(
          'query($ids: [ID!]) { listEventViews(filter: { listIds: $ids }) { totalModels } }',
          { ids: [id] },
          { token },
        ),
      ).listEventViews.totalModels;
    const before = await add('Created without audit');
    expect(await listEvents(before)).toBe(0);
    expect((await server.admin('PATCH', '/tenants/limited-firm', { auditFeature: true })).status).toBe(200);
    try {
      const after = await add('Created with audit');
      expect(await listEvents(after)).toBe(1);
      expect(await listEvents(before)).toBe(0);
    } finally {
      await server.admin('PATCH', '/tenants/limited-firm', { auditFeature: false });
    }
  });
});

describe('planning and opportunity views follow their writes', () => {
  it('records objective and initiative creation, status and deletion', async () => {
    const since = await lastEventDate('objectiveEventViews');
    const initiativeSince = await lastEventDate('initiativeEventViews');
    const objective = (
      (await write('mutation { addObjective(input: { name: "Poller objective" }) { item { id } } }'))
        .item as { id: string }
    ).id;
    const initiative = (
      (
        await write(
          'mutation($o: ID!) { addInitiative(input: { objectiveId: $o, name: "Poller initiative" }) { item { id } } }',
          {
            o: objective,
          },
        )
      ).item as { id: string }
    ).id;
    await write(
      'mutation($id: ID!) { updateInitiative(input: { id: $id, description: "Changed" }) { item { id } } }',
      { id: initiative },
    );
    await write(
      'mutation($id: ID!) { updateInitiativeStatus(input: { id: $id, status: closed }) { item { status } } }',
      { id: initiative },
    );
    await write(
      'mutation($id: ID!) { updateObjectiveStatus(input: { id: $id, status: closed }) { item { status } } }',
      { id: objective },
    );
    await write(
      'mutation($id: ID!) { updateObjective(input: { id: $id, description: "Done" }) { item { id } } }',
      { id: objective },
    );
    await write('mutation($id: ID!) { removeObjective(id: $id) { isSuccessful } }', { id: objective });

    const objectives = await poll(
      'objectiveEventViews',
      'objectiveId',
      since,
      `objectiveIds: ["${objective}"]`,
    );
    expect(objectives.map((e) => e.eventType)).toEqual([
      'ObjectiveCreated',
      'ObjectiveStatusChanged',
      'ObjectiveUpdated',
      'ObjectiveDeleted',
    ]);
    const initiatives = await poll(
      'initiativeEventViews',
      'initiativeId',
      initiativeSince,
      `initiativeIds: ["${initiative}"]`,
    );
    expect(initiatives.map((e) => e.eventType)).toEqual([
      'InitiativeCreated',
      'InitiativeUpdated',
      'InitiativeStatusChanged',
      'InitiativeDeleted',
    ]);
  });

  it('reports dateOpened, currentStage and status changes of opportunities only (§6)', async () => {
    const since = await lastEventDate('opportunityEventViews');
    const type = (await write(
      'mutation { patchOpportunityType(input: { items: [{ name: "Poller pipeline" }] }) { addItems { id } } }',
    )) as {
      addItems: Array<{ id: string }>;
    };
    const created = dataOf(
      await server.gql<{ addOpportunity: { id: string } }>(
        'mutation($t: ID!) { addOpportunity(input: { title: "Poller deal", opportunityTypeId: $t, dateOpened: "2026-01-05" }) { id } }',
        { t: type.addItems[0]!.id },
      ),
    ).addOpportunity.id;
    await write(
      'mutation($id: ID!) { updateOpportunitySummary(input: { opportunityId: $id, description: "No event for this" }) { opportunityId } }',
      { id: created },
    );
    await write(
      'mutation($id: ID!) { updateOpportunityStageInstances(input: { opportunityId: $id, stageOrder: 2 }) { opportunityId } }',
      { id: created },
    );
    await write(
      'mutation($id: ID!) { updateOpportunitySummary(input: { opportunityId: $id, dateOpened: "2026-01-06" }) { opportunityId } }',
      { id: created },
    );

    const events = await poll(
      'opportunityEventViews',
      'opportunityId',
      since,
      `opportunityIds: ["${created}"]`,
    );
    expect(events.map((e) => e.eventType)).toEqual([
      'DateOpenedChanged',
      'CurrentStageChanged',
      'StatusChanged',
      'CurrentStageChanged',
      'DateOpenedChanged',
    ]);
    // The three events of the add share one date; later writes are strictly later.
    expect(new Set(events.slice(0, 3).map((e) => e.eventDate)).size).toBe(1);
    expect(events[3]!.eventDate > events[0]!.eventDate).toBe(true);
  });
});
