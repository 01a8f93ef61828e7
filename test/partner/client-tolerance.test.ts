// Tolerance of a real client (A-260…A-264): every document of the public InterAction connector runs on
// the simulator with every combination of its optional inputs set and unset (and null, where its
// variable is nullable), without GraphQL errors or validation failures, and its writes read back.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kind, parse } from 'graphql';
import { createSimulator, type InMemorySimulator } from '../../src/api/simulator.js';
import {
  CLIENT_DOCUMENTS,
  clientVariables,
  optionalInputs,
  type ClientContext,
  type ClientDocument,
  type ClientInput,
  type InputState,
} from './client-documents.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let sim: InMemorySimulator;
let ctx: ClientContext;

async function run(document: string, variables?: Record<string, unknown>): Promise<Json> {
  const r = await sim.execute(document, { variables });
  if (r.errors) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.data as Json;
}

beforeAll(async () => {
  sim = createSimulator({ seed: 7 });
  const d = await run(`{
    sponsored: lists(listClass: [MarketingListWithSponsorship], limit: 1) {
      models { id name contacts(limit: 1) { models { sponsors { displayName isPrimary } } } }
    }
    working: lists(listClass: [WorkingList], limit: 50) {
      models { id additionalFieldDefinitions { models { id fieldDataType } } }
    }
    people: searchFirmContacts(limit: 2, filter: { field: contactEntity, value: "Person" }) { models { id } }
    companies: searchFirmContacts(limit: 1, filter: { field: contactEntity, value: "Company" }) {
      models { ... on Company { name } }
    }
    activityTypes(limit: 1) { models { id } }
  }`);
  const withText = (d.working.models as Json[]).find((l) =>
    (l.additionalFieldDefinitions.models as Json[]).some((f) => f.fieldDataType === 'text'),
  )!;
  const field = (withText.additionalFieldDefinitions.models as Json[]).find(
    (f) => f.fieldDataType === 'text',
  )!;
  const sponsored = d.sponsored.models[0];
  const [member, person] = d.people.models as Json[];
  let n = 0;
  ctx = {
    listId: withText.id,
    sponsoredListId: sponsored.id,
    sponsorName: (sponsored.contacts.models[0].sponsors as Json[]).find((s) => s.isPrimary)!.displayName,
    listName: sponsored.name,
    contactId: member!.id,
    personId: person!.id,
    companyName: d.companies.models[0].name,
    activityTypeId: d.activityTypes.models[0].id,
    activityId: '',
    fieldId: field.id,
    fieldDataType: field.fieldDataType,
    unique: () => `Tolerance ${++n}`,
  };
  await run(
    `mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }`,
    {
      l: [ctx.listId],
      c: [ctx.contactId],
    },
  );
  const activity = await run(`mutation($input: AddActivityInput!) { addActivity(input: $input) { id } }`, {
    input: {
      typeId: ctx.activityTypeId,
      activityDate: '2026-03-01 08:00:00',
      subject: 'Tolerance',
      linkedEntityIds: [ctx.personId],
    },
  });
  ctx.activityId = activity.addActivity.id;
});

afterAll(async () => {
  await sim.stop();
});

/** The states an optional input can take: `null` only where the document declares its variable nullable. */
function statesOf(doc: ClientDocument, input: ClientInput): InputState[] {
  if (input.path.length > 1) return ['unset', 'set'];
  const op = parse(doc.document).definitions[0];
  if (op?.kind !== Kind.OPERATION_DEFINITION) throw new Error(`${doc.action}: no operation`);
  const def = op.variableDefinitions?.find((v) => v.variable.name.value === input.path[0]);
  return def?.type.kind === Kind.NON_NULL_TYPE ? ['unset', 'set'] : ['unset', 'null', 'set'];
}

/** The cartesian product of some inputs' states. */
function* product(
  inputs: readonly ClientInput[],
  choices: readonly (readonly InputState[])[],
): Generator<Map<ClientInput, InputState>> {
  const at = choices.map(() => 0);
  for (;;) {
    yield new Map(inputs.map((input, k) => [input, choices[k]![at[k]!]!]));
    let k = 0;
    while (k < at.length && ++at[k]! === choices[k]!.length) at[k++] = 0;
    if (k === at.length) return;
  }
}

/**
 * Every combination of the optional inputs' states (the cartesian product), for every document: the two
 * person writes are the largest, 13 optional inputs and 8,192 runs each (about 3 s each on graphql-jit).
 */
function* combinations(doc: ClientDocument): Generator<Map<ClientInput, InputState>> {
  const inputs = optionalInputs(doc);
  yield* product(
    inputs,
    inputs.map((i) => statesOf(doc, i)),
  );
}

const PERSON = `query($id: ID!) { contact(id: $id) {
  ... on Person {
    firstName middleName lastName goesBy title currentJobTitle currentEmployer { name }
    emailAddresses { address } phoneNumbers { number }
    addresses { street city administrativeDivision country postalCode type }
  }
} }`;

/** The seeded firm's names of the countries the connector's inputs use. */
const COUNTRY_AS_STORED: Record<string, string> = {
  'United States of America': 'United States',
  Zimbabwe: 'Zimbabwe',
};

/** Differences between what a person input set and what the person reads back. */
function personDifferences(sent: Json, person: Json, address: Json | undefined): string[] {
  const out: string[] = [];
  const same = (what: string, expected: unknown, actual: unknown) => {
    if (expected !== undefined && expected !== actual)
      out.push(`${what}: sent ${JSON.stringify(expected)}, read ${JSON.stringify(actual)}`);
  };
  for (const key of ['firstName', 'middleName', 'lastName', 'goesBy', 'title'])
    same(key, sent[key], person[key]);
  same('jobTitle', sent.jobTitle, person.currentJobTitle);
  same('companyName', sent.companyName, person.currentEmployer?.name);
  const email = sent.emailAddress ?? sent.email?.electronicAddress;
  if (email !== undefined && !(person.emailAddresses as Json[]).some((e) => e.address === email))
    out.push(`e-mail ${email} not read back`);
  const phone = typeof sent.primaryPhone === 'string' ? sent.primaryPhone : sent.primaryPhone?.number;
  if (phone !== undefined && !(person.phoneNumbers as Json[]).some((p) => p.number === phone))
    out.push(`phone ${phone} not read back`);
  if (address) {
    const business = (person.addresses as Json[]).find((a) => a.type === 'Business');
    if (!business) out.push('no business address read back');
    else
      for (const [key, value] of Object.entries(address))
        same(`address.${key}`, key === 'country' ? COUNTRY_AS_STORED[value as string] : value, business[key]);
  }
  return out;
}

/** What a write left behind that differs from what was sent; empty for reads. */
async function roundTrip(doc: ClientDocument, variables: Json, data: Json): Promise<string[]> {
  switch (doc.action) {
    case 'CreateContact': {
      const id = data.addPerson.item?.id as string;
      const { contact } = await run(PERSON, { id });
      return personDifferences(variables.input, contact, variables.input.businessAddress);
    }
    case 'UpdatePersonContact': {
      const { contact } = await run(PERSON, { id: variables.input.id });
      return personDifferences(variables.input, contact, variables.input.address);
    }
    case 'AddOrUpdateAdditionalFieldValues': {
      const sent = variables.input.additionalFields[0] as Json;
      const { contact } = await run(
        `query($id: ID!, $listId: ID) { contact(id: $id) { ... on Person {
          additionalFieldValues(listId: $listId) { models { fieldId valueItems { value } } } } } }`,
        { id: variables.input.contactId, listId: ctx.listId },
      );
      const value = (contact.additionalFieldValues.models as Json[]).find((v) => v.fieldId === sent.fieldId);
      return value?.valueItems[0]?.value === sent.value ? [] : [`field value ${sent.value} not read back`];
    }
    case 'AddContactsToLists':
    case 'RemoveContactsfromList': {
      const { contact } = await run(
        `query($id: ID!, $listId: ID!) { contact(id: $id) { lists(listIds: [$listId]) { totalModels } } }`,
        { id: ctx.personId, listId: ctx.listId },
      );
      const expected = doc.action === 'AddContactsToLists' ? 1 : 0;
      return contact.lists.totalModels === expected
        ? []
        : [`membership ${contact.lists.totalModels}, expected ${expected}`];
    }
    case 'CreateActivity':
    case 'UpdateActivity': {
      const id = (
        doc.action === 'CreateActivity' ? data.addActivity.id : variables.input.activityId
      ) as string;
      const { activity } = await run(
        `query($id: ID!) { activity(id: $id) { subject summary activityStartDate } }`,
        { id },
      );
      const out: string[] = [];
      for (const key of ['subject', 'summary'])
        if (variables.input[key] !== undefined && activity[key] !== variables.input[key])
          out.push(`${key}: sent ${variables.input[key]}, read ${activity[key]}`);
      return out;
    }
    default:
      return [];
  }
}

/** Validation failures or unsuccessful items in an answer (a business-rule refusal of valid input). */
function refusals(data: Json): string[] {
  const out: string[] = [];
  JSON.stringify(data, (key, value: unknown) => {
    if (key === 'validationErrors' && Array.isArray(value) && value.length > 0)
      out.push(JSON.stringify(value));
    if (key === 'isSuccessful' && value === false) out.push('an item was not successful');
    return value;
  });
  return out;
}

describe('the public connector on the simulator, every combination of its optional inputs', () => {
  it("has the connector's 13 documents", () => {
    expect(CLIENT_DOCUMENTS.map((d) => d.action)).toHaveLength(13);
  });

  it.each(CLIENT_DOCUMENTS.map((d) => [d.action, d] as const))('%s', async (_, doc) => {
    const failures: string[] = [];
    let runs = 0;
    for (const states of combinations(doc)) {
      runs += 1;
      const variables = clientVariables(doc, states, ctx) as Json;
      const label =
        [...states].map(([i, s]) => `${i.path.join('.')}=${s}`).join(' ') || '(no optional input)';
      const r = await sim.execute(doc.document, { variables });
      if (r.errors) {
        failures.push(`${label}: ${r.errors.map((e) => e.message).join('; ')}`);
        continue;
      }
      const refused = refusals(r.data as Json);
      const problems = refused.length > 0 ? refused : await roundTrip(doc, variables, r.data as Json);
      if (problems.length > 0) failures.push(`${label}: ${problems.join('; ')}`);
    }
    expect({ runs, failures: failures.slice(0, 5), failed: failures.length }).toEqual({
      runs,
      failures: [],
      failed: 0,
    });
    // Every combination ran: the product of the inputs' states (8,192 for each person write).
    expect(runs).toBe(optionalInputs(doc).reduce((n, input) => n * statesOf(doc, input).length, 1));
  });

  it('accepts one value where a list is declared (input coercion), as workflow expressions yield', async () => {
    const data = await run(
      `mutation($input: AddActivityInput!, $l: [ID!]!, $c: [ID!]!) {
        addActivity(input: $input) { id }
        addContactsToLists(listIds: $l, contactIds: $c) { successCount }
      }`,
      {
        input: {
          typeId: ctx.activityTypeId,
          activityDate: '2026-03-02 09:00:00',
          subject: 'One id',
          linkedEntityIds: ctx.personId,
        },
        l: ctx.listId,
        c: ctx.personId,
      },
    );
    expect(data.addActivity.id).toEqual(expect.any(String));
    expect(data.addContactsToLists.successCount).toBe(1);
    const read = await run(
      `query($classes: [ListClass], $id: ID!) {
        lists(listClass: $classes, limit: 0) { totalModels }
        activity(id: $id) { linkedEntityIds: regarding }
      }`,
      { classes: 'WorkingList', id: data.addActivity.id },
    );
    expect(read.lists.totalModels).toBeGreaterThan(0);
  });
});
