// Additional field definitions and member values over HTTP (§2.4, §7.3, A-37, A-38).
import { describe, it, expect } from '@jest/globals';
import { server, useResetServer } from '../../helpers/reset-server.js';
import { dataOf } from '../../helpers/server.js';
import { expectBadInput, findList, fullyAllowed, memberIds } from './helpers.js';

useResetServer();

const DEF_FIELDS = `id name description fieldDataType dataTypeDisplayName listDataType { options { name } } allowsMultipleValues
  allowsSecondaryField secondaryFieldName numericDataTypeMinValue numericDataTypeMaxValue
  decimalDataTypePrecision stringDataTypeMaxLength stringDataTypeMultiLine
  booleanDataTypeTrueValue booleanDataTypeFalseValue`;

type Definition = {
  id: string;
  name: string;
  description: string | null;
  fieldDataType: string;
  listDataType: { options: Array<{ name: string }> } | null;
  [key: string]: unknown;
};

const ADD_DEF = `mutation($input: AddAdditionalFieldDefinitionInput!) {
  addAdditionalFieldDefinition(input: $input) { success additionalFieldDefinition { ${DEF_FIELDS} } } }`;
type AddDefResult = {
  addAdditionalFieldDefinition: { success: boolean; additionalFieldDefinition: Definition };
};

const EDIT_DEF = `mutation($input: EditAdditionalFieldDefinitionInput!) {
  editAdditionalFieldDefinition(input: $input) { success resultText additionalFieldDefinition { ${DEF_FIELDS} } } }`;
type EditDefResult = {
  editAdditionalFieldDefinition: {
    success: boolean;
    resultText: string;
    additionalFieldDefinition: Definition | null;
  };
};

const UPDATE_VALUES = `mutation($input: UpdateListContactAdditionalFieldInput!) {
  updateListContactAdditionalFields(input: $input) { models { fieldId valueId isSuccessful failureReason } } }`;
type UpdateResult = {
  updateListContactAdditionalFields: {
    models: Array<{
      fieldId: string;
      valueId: string | null;
      isSuccessful: boolean;
      failureReason: string | null;
    }>;
  };
};

async function definitions(listId: string): Promise<Definition[]> {
  const res = await server.gql<{ list: { additionalFieldDefinitions: { models: Definition[] } } }>(
    `query($id: ID!) { list(id: $id) { additionalFieldDefinitions { models { ${DEF_FIELDS} } } } }`,
    { id: listId },
  );
  return dataOf(res).list.additionalFieldDefinitions.models;
}

type Value = {
  id: string;
  fieldId: string;
  fieldName: string;
  listId: string;
  value: string;
  secondaryValue: string | null;
};

async function valuesOf(contactId: string): Promise<Value[]> {
  const res = await server.gql<{
    contact: { additionalFieldValues: { totalModels: number; models: Value[] } };
  }>(
    `query($id: ID!) { contact(id: $id) { additionalFieldValues { totalModels models { id fieldId fieldName listId value secondaryValue } } } }`,
    { id: contactId },
  );
  return dataOf(res).contact.additionalFieldValues.models;
}

async function addDefinition(input: Record<string, unknown>): Promise<Definition> {
  return dataOf(await server.gql<AddDefResult>(ADD_DEF, { input })).addAdditionalFieldDefinition
    .additionalFieldDefinition;
}

describe('addAdditionalFieldDefinition', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'adds typed definitions, visible on the list (%s)',
    async (version) => {
      const list = await findList(server, fullyAllowed('marketingLists'));
      const res = dataOf(
        await server.gql<AddDefResult>(
          ADD_DEF,
          {
            input: {
              listId: list.id,
              name: 'Table Number',
              type: 'integer',
              description: 'Seat plan.',
              integerInput: { minValue: 1, maxValue: 40 },
            },
          },
          { version },
        ),
      );
      expect(res.addAdditionalFieldDefinition).toMatchObject({
        success: true,
        additionalFieldDefinition: {
          name: 'Table Number',
          fieldDataType: 'integer',
          numericDataTypeMinValue: 1,
          numericDataTypeMaxValue: 40,
          listDataType: null,
        },
      });
      const pick = await addDefinition({
        listId: list.id,
        name: 'Session',
        type: 'list',
        listInput: ['Morning', 'Afternoon'],
        allowMultipleValues: true,
      });
      expect(pick).toMatchObject({
        fieldDataType: 'list',
        listDataType: { options: [{ name: 'Morning' }, { name: 'Afternoon' }] },
        allowsMultipleValues: true,
      });
      const yesNo = await addDefinition({
        listId: list.id,
        name: 'Parking',
        type: 'boolean',
        booleanInput: { trueValue: 'Needed' },
      });
      expect(yesNo).toMatchObject({ booleanDataTypeTrueValue: 'Needed', booleanDataTypeFalseValue: 'No' });
      const names = (await definitions(list.id)).map((d) => d.name);
      expect(names).toEqual(expect.arrayContaining(['Table Number', 'Session', 'Parking']));
    },
  );

  it.each(['1.4.0', '1.2.0'] as const)(
    'rejects options of another type, duplicates and unknown lists (%s)',
    async (version) => {
      const list = await findList(server, fullyAllowed('marketingLists'));
      const before = await definitions(list.id);
      const res = await server.gql(
        ADD_DEF,
        {
          input: {
            listId: list.id,
            name: before[0]!.name,
            type: 'text',
            listInput: ['A'],
            integerInput: { minValue: 1 },
          },
        },
        { version },
      );
      expect(res.data).toEqual({ addAdditionalFieldDefinition: null });
      expectBadInput(res, 'listInput');
      expectBadInput(res, 'integerInput');
      expectBadInput(res, 'name');
      expectBadInput(
        await server.gql(
          ADD_DEF,
          { input: { listId: '88888888-8888-8888-8888-888888888888', name: 'X', type: 'date' } },
          { version },
        ),
        'listId',
      );
      expect(await definitions(list.id)).toEqual(before);
    },
  );

  it('refuses lists whose rights do not allow additions', async () => {
    const noAdd = await findList(server, (l) => !l.addAllowed);
    expectBadInput(
      await server.gql(ADD_DEF, { input: { listId: noAdd.id, name: 'X', type: 'date' } }),
      'listId',
    );
  });
});

describe('editAdditionalFieldDefinition', () => {
  it.each(['1.4.0', '1.2.0'] as const)('renames and changes options (%s)', async (version) => {
    const list = await findList(server, fullyAllowed('marketingLists'));
    const def = await addDefinition({ listId: list.id, name: 'Track', type: 'list', listInput: ['A', 'B'] });
    const res = dataOf(
      await server.gql<EditDefResult>(
        EDIT_DEF,
        { input: { id: def.id, name: 'Conference Track', listInput: ['A', 'B', 'C'] } },
        { version },
      ),
    );
    expect(res.editAdditionalFieldDefinition).toMatchObject({
      success: true,
      additionalFieldDefinition: {
        id: def.id,
        name: 'Conference Track',
        listDataType: { options: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] },
        fieldDataType: 'list',
      },
    });
    expect((await definitions(list.id)).find((d) => d.id === def.id)?.name).toBe('Conference Track');
  });

  it.each(['1.4.0', '1.2.0'] as const)(
    'fails with resultText for typed options of another type and unknown ids (%s)',
    async (version) => {
      const list = await findList(server, fullyAllowed('marketingLists'));
      const def = await addDefinition({ listId: list.id, name: 'Remarks', type: 'text' });
      const wrong = dataOf(
        await server.gql<EditDefResult>(
          EDIT_DEF,
          { input: { id: def.id, name: 'New', listInput: ['A'] } },
          { version },
        ),
      );
      expect(wrong.editAdditionalFieldDefinition).toMatchObject({
        success: false,
        additionalFieldDefinition: null,
      });
      expect(wrong.editAdditionalFieldDefinition.resultText).toMatch(/listInput/);
      expect((await definitions(list.id)).find((d) => d.id === def.id)?.name).toBe('Remarks');
      const unknown = dataOf(
        await server.gql<EditDefResult>(
          EDIT_DEF,
          { input: { id: '99999999-9999-9999-9999-999999999999', name: 'X' } },
          { version },
        ),
      );
      expect(unknown.editAdditionalFieldDefinition.success).toBe(false);
    },
  );

  it('refuses to drop an option members still use', async () => {
    const list = await findList(server, fullyAllowed('marketingLists'));
    const def = await addDefinition({
      listId: list.id,
      name: 'Status X',
      type: 'list',
      listInput: ['In', 'Out'],
    });
    const [member] = await memberIds(server, list.id);
    dataOf(
      await server.gql<UpdateResult>(UPDATE_VALUES, {
        input: { listId: list.id, contactId: member, fields: [{ fieldId: def.id, value: 'in' }] },
      }),
    );
    const res = dataOf(
      await server.gql<EditDefResult>(EDIT_DEF, { input: { id: def.id, listInput: ['Out'] } }),
    );
    expect(res.editAdditionalFieldDefinition.success).toBe(false);
    expect(res.editAdditionalFieldDefinition.resultText).toMatch(/In/);
  });
});

describe('updateListContactAdditionalFields and removeAdditionalFieldDefinition', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'sets values per field, visible on the contact, removed with the definition (%s)',
    async (version) => {
      const list = await findList(server, fullyAllowed('marketingLists'));
      const guests = await addDefinition({
        listId: list.id,
        name: 'Guests',
        type: 'integer',
        integerInput: { minValue: 0, maxValue: 3 },
      });
      const rsvp = await addDefinition({ listId: list.id, name: 'Replied On', type: 'date' });
      const [member] = await memberIds(server, list.id);
      const res = dataOf(
        await server.gql<UpdateResult>(
          UPDATE_VALUES,
          {
            input: {
              listId: list.id,
              contactId: member,
              fields: [
                { fieldId: guests.id, value: '2' },
                { fieldId: rsvp.id, value: '01/02/2026' },
                { fieldId: 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa', value: 'x' },
              ],
            },
          },
          { version },
        ),
      );
      const [ok, badDate, unknown] = res.updateListContactAdditionalFields.models;
      expect(ok).toMatchObject({ fieldId: guests.id, isSuccessful: true, failureReason: null });
      expect(ok!.valueId).toBeTruthy();
      expect(badDate).toMatchObject({ fieldId: rsvp.id, isSuccessful: false, valueId: null });
      expect(badDate!.failureReason).toMatch(/YYYY-MM-DD/);
      expect(unknown!.isSuccessful).toBe(false);
      const values = await valuesOf(member!);
      expect(values.find((v) => v.fieldId === guests.id)).toMatchObject({
        id: ok!.valueId,
        fieldName: 'Guests',
        listId: list.id,
        value: '2',
      });
      expect(values.some((v) => v.fieldId === rsvp.id)).toBe(false);

      const removed = dataOf(
        await server.gql<{ removeAdditionalFieldDefinition: boolean }>(
          `mutation($id: ID!) { removeAdditionalFieldDefinition(id: $id) }`,
          { id: guests.id },
          { version },
        ),
      );
      expect(removed.removeAdditionalFieldDefinition).toBe(true);
      expect((await valuesOf(member!)).some((v) => v.fieldId === guests.id)).toBe(false);
      expect((await definitions(list.id)).some((d) => d.id === guests.id)).toBe(false);
    },
  );

  it('clears a value given as null', async () => {
    const list = await findList(server, fullyAllowed('marketingLists'));
    const def = await addDefinition({ listId: list.id, name: 'Badge Name', type: 'text' });
    const [member] = await memberIds(server, list.id);
    const set = { listId: list.id, contactId: member, fields: [{ fieldId: def.id, value: 'Sam' }] };
    dataOf(await server.gql<UpdateResult>(UPDATE_VALUES, { input: set }));
    expect((await valuesOf(member!)).find((v) => v.fieldId === def.id)?.value).toBe('Sam');
    const cleared = dataOf(
      await server.gql<UpdateResult>(UPDATE_VALUES, {
        input: { ...set, fields: [{ fieldId: def.id, value: null }] },
      }),
    );
    expect(cleared.updateListContactAdditionalFields.models[0]).toMatchObject({
      isSuccessful: true,
      valueId: null,
    });
    expect((await valuesOf(member!)).some((v) => v.fieldId === def.id)).toBe(false);
  });

  it.each(['1.4.0', '1.2.0'] as const)(
    'rejects a contact that is not a member and an unknown definition id (%s)',
    async (version) => {
      const list = await findList(server, fullyAllowed('marketingLists'));
      const [def] = await definitions(list.id);
      const members = new Set(await memberIds(server, list.id));
      const res = await server.gql<{ searchFirmContacts: { models: Array<{ id: string }> } }>(
        `{ searchFirmContacts(limit: 1000) { models { id } } }`,
      );
      const outsider = dataOf(res).searchFirmContacts.models.find((c) => !members.has(c.id))!.id;
      const notMember = await server.gql(
        UPDATE_VALUES,
        { input: { listId: list.id, contactId: outsider, fields: [{ fieldId: def!.id, value: 'x' }] } },
        { version },
      );
      expect(notMember.data).toEqual({ updateListContactAdditionalFields: null });
      expectBadInput(notMember, 'contactId');
      expect(await valuesOf(outsider)).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ fieldId: def!.id })]),
      );
      const unknownDef = await server.gql(
        `mutation { removeAdditionalFieldDefinition(id: "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb") }`,
        {},
        { version },
      );
      expectBadInput(unknownDef, 'id');
    },
  );

  it('records field definition events on the list', async () => {
    const list = await findList(server, fullyAllowed('marketingLists'));
    const def = await addDefinition({ listId: list.id, name: 'Evented', type: 'date' });
    dataOf(
      await server.gql<EditDefResult>(EDIT_DEF, { input: { id: def.id, description: 'Now described.' } }),
    );
    dataOf(
      await server.gql(`mutation($id: ID!) { removeAdditionalFieldDefinition(id: $id) }`, { id: def.id }),
    );
    const res = dataOf(
      await server.gql<{ listEventViews: { models: Array<{ eventType: string }> } }>(
        `query($id: ID!) { listEventViews(filter: { listIds: [$id], eventTypes: [ListFieldDefinitionAdded, ListFieldDefinitionUpdated, ListFieldDefinitionRemoved] }) { models { eventType } } }`,
        { id: list.id },
      ),
    );
    expect(res.listEventViews.models.map((e) => e.eventType)).toEqual([
      'ListFieldDefinitionAdded',
      'ListFieldDefinitionUpdated',
      'ListFieldDefinitionRemoved',
    ]);
  });
});
