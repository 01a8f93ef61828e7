// A partner's jest test that checks what its client sent, as WireMock's verify does.
// Run with: node --experimental-vm-modules node_modules/jest/bin/jest.js
import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { startSimulator, VerificationError } from 'rm-api-harness';

let sim;

// The code under test: logs a call as an activity linked to a contact.
async function logCall(contactId, typeId, subject) {
  const res = await fetch(sim.graphqlUrl(), {
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation LogCall($input: AddActivityInput!) { addActivity(input: $input) { id } }',
      variables: {
        input: { typeId, subject, activityDate: '2026-01-05 10:00:00', linkedEntityIds: [contactId] },
      },
    }),
  });
  return (await res.json()).data.addActivity.id;
}

async function seeded() {
  const res = await fetch(sim.graphqlUrl(), {
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `{ activityTypes(limit: 1) { models { id } }
        searchFirmContacts(limit: 1, filter: { field: contactEntity, value: "Person" }) { models { id } } }`,
    }),
  });
  const { data } = await res.json();
  return { typeId: data.activityTypes.models[0].id, contactId: data.searchFirmContacts.models[0].id };
}

beforeAll(async () => {
  sim = await startSimulator();
});
beforeEach(() => sim.resetTenant('dev-token'));
afterAll(() => sim.stop());

it('logs each call once, linked to the contact', async () => {
  const { typeId, contactId } = await seeded();
  await logCall(contactId, typeId, 'Intro call');
  await logCall(contactId, typeId, 'Follow-up');

  // Two addActivity requests by this tenant, both linking the contact (other variables are ignored).
  await sim.verify({
    operation: 'addActivity',
    tenant: 'dev-token',
    variables: { input: { linkedEntityIds: [contactId] } },
    times: 2,
  });
  expect(
    await sim.countRequests({ operation: 'addActivity', variables: { input: { subject: 'Follow-up' } } }),
  ).toBe(1);

  // A wrong expectation fails with the requests that came closest and how they differ.
  const wrong = sim.verify({
    operation: 'addActivity',
    variables: { input: { subject: 'Lunch' } },
    times: 1,
  });
  await expect(wrong).rejects.toBeInstanceOf(VerificationError);
  await expect(wrong).rejects.toThrow('variables.input.subject: expected "Lunch", got "Follow-up"');
});
