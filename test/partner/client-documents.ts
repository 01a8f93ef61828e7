// The operations of the public InterAction workflow connector (A-67… …): one per document the
// connector embeds, written here from the facts it shows (operation, arguments, inline input objects with
// variables inside them, string-literal sorts, the variables it declares and how it fills them), not
// copied. What matters for tolerance is kept exactly: which variables are declared nullable, which inline
// objects reference them, and what the connector sends when its user leaves an input empty.

/** How the connector fills a variable its user left empty. */
export type WhenUnset =
  /** The variable is left out of `variables` (the connector's habit for most optional inputs). */
  | { kind: 'omit' }
  /** The connector sends a default of its own (skip 0, limit 100, the zero GUID). */
  | { kind: 'default'; value: unknown }
  /** Required by the connector: always sent. */
  | { kind: 'required' };

/** One input of a connector action: where its value goes in `variables`, and a value to send. */
export interface ClientInput {
  /** Path into `variables`, e.g. `['input', 'businessAddress', 'city']`. */
  path: readonly string[];
  whenUnset: WhenUnset;
  /** A value the connector's user could give, from the seeded tenant (see {@link ClientContext}). */
  value: (ctx: ClientContext) => unknown;
}

/** Ids from the seeded tenant that the connector's inputs refer to. */
export interface ClientContext {
  listId: string;
  sponsoredListId: string;
  sponsorName: string;
  listName: string;
  /** A member of {@link listId} whose field values the connector sets. */
  contactId: string;
  /** A person the connector updates, links to activities and adds to and removes from {@link listId}. */
  personId: string;
  companyName: string;
  activityTypeId: string;
  activityId: string;
  fieldId: string;
  fieldDataType: string;
  /** A fresh name per call, so that repeated adds never collide. */
  unique: () => string;
}

/** One action of the connector. */
export interface ClientDocument {
  /** The connector's action name. */
  action: string;
  document: string;
  inputs: readonly ClientInput[];
  /** Variables the connector sends that its document does not declare (SearchContacts does). */
  undeclared?: (ctx: ClientContext) => Record<string, unknown>;
  /** Whether the action writes. */
  mutates: boolean;
}

const omit: WhenUnset = { kind: 'omit' };
const required: WhenUnset = { kind: 'required' };
const skipDefault: WhenUnset = { kind: 'default', value: 0 };
const limitDefault: WhenUnset = { kind: 'default', value: 100 };
/** What the connector sends as the list id of ReadContactById when its user names no list. */
export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';

const MEMBER_FIELDS = `id title phoneNumber emailAddress displayName companyName companyId contactEntity
  sponsors { displayName fullName id isPrimary }`;
const LIST_FIELDS = `id name description listType { id isActive listClass name }
  allowedLinkInto allowedRemoveFrom addAllowed deleteAllowed addActivityAllowed addNoteAllowed
  ownerName creatorName allowedContactEntity isAdministrator`;
const VALUE_FIELDS = `contactId dataType fieldDisplayName fieldId format id listId separator
  valueItems { lastEditDate qualification value valueId }`;
const CONTACT_LISTS = `totalModels models { listId: id name listClass description type userIsSponsor
  allowedLinkInto allowedRemoveFrom ownerName creatorName sponsors { sponsorId: id displayName isPrimary fullName } }`;
const CONTACT_CARD = `visibility
  emailAddresses { emailId: id type usage address label owningContactId isGlobal }
  phoneNumbers { phoneId: id number label type usage owningContactId isGlobal }
  activities { totalModels models { activityId: id type typeId activityClass typeGroup activityStartDate lastEditedDate subject summary location } }
  notes { allNotes { totalModels models { changeDate folderId noteId notes } } }`;
const ADDRESS = `addresses { addressID: id street city administrativeDivision country postalCode type usage }`;

export const CLIENT_DOCUMENTS: readonly ClientDocument[] = [
  {
    action: 'ReadListById',
    mutates: false,
    document: `query list($id: ID!, $skip: Int, $limit: Int, $primarySponsorName: String) {
      list(id: $id) {
        ${LIST_FIELDS}
        contacts(skip: $skip, limit: $limit,
          filter: { primarySponsorUserName: $primarySponsorName, checkForStrictPrimarySponsor: true },
          sort: { direction: "Ascending", field: "displayName" }) {
          totalModels
          models { ${MEMBER_FIELDS} additionalFieldValues { totalModels models { ${VALUE_FIELDS} } } }
        }
      }
    }`,
    inputs: [
      { path: ['id'], whenUnset: required, value: (c) => c.sponsoredListId },
      { path: ['skip'], whenUnset: skipDefault, value: () => 1 },
      { path: ['limit'], whenUnset: limitDefault, value: () => 5 },
      { path: ['primarySponsorName'], whenUnset: omit, value: (c) => c.sponsorName },
    ],
  },
  {
    action: 'ReadListByName',
    mutates: false,
    document: `query MyQuery($filterByName: String, $skip: Int, $limit: Int) {
      lists(filter: { field: name, value: $filterByName }) {
        totalModels
        models {
          ${LIST_FIELDS}
          contacts(skip: $skip, limit: $limit, sort: { direction: "Ascending", field: "displayName" }) {
            totalModels models { ${MEMBER_FIELDS} }
          }
        }
      }
    }`,
    inputs: [
      { path: ['filterByName'], whenUnset: omit, value: (c) => c.listName },
      { path: ['skip'], whenUnset: skipDefault, value: () => 0 },
      { path: ['limit'], whenUnset: limitDefault, value: () => 2 },
    ],
  },
  {
    action: 'ReadAdditionalFieldDefinitionsAndValues',
    mutates: false,
    document: `query listContactAdditionalFieldsViewDefinitionsAndValues($id: ID!, $skip: Int, $limit: Int) {
      list(id: $id) {
        id name description listType { id isActive listClass name }
        additionalFieldDefinitions {
          totalModels
          models {
            userDataTypeUserProfessional userDataTypeUserActive stringDataTypeMultiLine stringDataTypeMaxLength
            secondaryFieldName numericDataTypeMinValue numericDataTypeMaxValue name listDataType { options { id name } }
            id fieldDataType description decimalDataTypePrecision dataTypeDisplayName booleanDataTypeFalseValue
            booleanDataTypeTrueValue allowsSecondaryField allowsMultipleValues
          }
        }
        contacts(skip: $skip, limit: $limit, sort: { direction: "Ascending", field: "displayName" }) {
          totalModels
          models { ${MEMBER_FIELDS} additionalFieldValues { totalModels models { ${VALUE_FIELDS} } } }
        }
      }
    }`,
    inputs: [
      { path: ['id'], whenUnset: required, value: (c) => c.listId },
      { path: ['skip'], whenUnset: skipDefault, value: () => 0 },
      { path: ['limit'], whenUnset: limitDefault, value: () => 3 },
    ],
  },
  {
    action: 'AddOrUpdateAdditionalFieldValues',
    mutates: true,
    document: `mutation updateAdditionalFields($input: UpdateListContactAdditionalFieldInput!) {
      updateListContactAdditionalFields(input: $input) {
        models { failureReason fieldId isSuccessful valueId __typename }
        __typename
      }
    }`,
    inputs: [
      { path: ['input', 'contactId'], whenUnset: required, value: (c) => c.contactId },
      {
        path: ['input', 'additionalFields'],
        whenUnset: required,
        // The connector serialises its item class whole: keys its user left empty arrive as null.
        value: (c) => [
          { fieldId: c.fieldId, value: c.unique(), valueId: null, lastEditDate: null, fieldDataType: null },
        ],
      },
    ],
  },
  {
    action: 'ReadContactById',
    mutates: false,
    document: `query contact($contactid: ID!, $listid: ID!) {
      contact(id: $contactid) {
        contactId: id displayName contactEntity
        ... on Person {
          contactId: id displayName title firstName middleName lastName goesBy currentJobTitle
          currentEmployer { companyName: name companyId: id }
          additionalFieldValues(listId: $listid) {
            totalModels
            models { contactId dataType fieldId fieldDisplayName additionalFieldValueId: id listId valueItems { lastEditDate value valueId } }
          }
          ${ADDRESS}
        }
        ... on Company {
          contactId: id name
          additionalFieldValues(listId: $listid) {
            totalModels models { contactId dataType fieldId fieldDisplayName id listId valueItems { lastEditDate value valueId } }
          }
        }
        ${CONTACT_CARD}
        lists(sort: { field: "name", direction: "Ascending" }, listIds: [$listid]) { ${CONTACT_LISTS} }
      }
    }`,
    inputs: [
      { path: ['contactid'], whenUnset: required, value: (c) => c.contactId },
      { path: ['listid'], whenUnset: { kind: 'default', value: ZERO_GUID }, value: (c) => c.listId },
    ],
  },
  {
    action: 'CreateContact',
    mutates: true,
    document: `mutation addPerson($input: AddPersonInput!) {
      addPerson(input: $input) {
        status
        item {
          id firstName lastName goesBy currentJobTitle
          phoneNumbers { id number label type usage }
          emailAddresses { id type usage address label }
          middleName title currentEmployer { name }
          addresses { city country administrativeDivision street postalCode }
        }
        validationErrors { propertyName message }
      }
    }`,
    inputs: [
      { path: ['input', 'lastName'], whenUnset: required, value: (c) => c.unique() },
      { path: ['input', 'firstName'], whenUnset: omit, value: () => 'Ada' },
      { path: ['input', 'middleName'], whenUnset: omit, value: () => 'K' },
      { path: ['input', 'goesBy'], whenUnset: omit, value: () => 'Addy' },
      { path: ['input', 'title'], whenUnset: omit, value: () => 'Dr.' },
      {
        path: ['input', 'emailAddress'],
        whenUnset: omit,
        value: (c) => `${c.unique().replace(/\W+/g, '.').toLowerCase()}@example.com`,
      },
      { path: ['input', 'companyName'], whenUnset: omit, value: (c) => c.companyName },
      { path: ['input', 'jobTitle'], whenUnset: omit, value: () => 'Partner' },
      { path: ['input', 'primaryPhone'], whenUnset: omit, value: () => '+1 212 555 0100' },
      {
        path: ['input', 'businessAddress', 'country'],
        whenUnset: omit,
        value: () => 'United States of America',
      },
      { path: ['input', 'businessAddress', 'street'], whenUnset: omit, value: () => '1 Main Street' },
      { path: ['input', 'businessAddress', 'city'], whenUnset: omit, value: () => 'Springfield' },
      {
        path: ['input', 'businessAddress', 'administrativeDivision'],
        whenUnset: omit,
        value: () => 'Illinois',
      },
      { path: ['input', 'businessAddress', 'postalCode'], whenUnset: omit, value: () => '62701' },
    ],
  },
  {
    action: 'ReadLists',
    mutates: false,
    document: `query Lists($listClass: [ListClass], $skip: Int, $limit: Int, $filterByName: String) {
      lists(listClass: $listClass, skip: $skip, limit: $limit, filter: { field: name, value: $filterByName }) {
        skip limit totalModels models { ${LIST_FIELDS} }
      }
    }`,
    inputs: [
      // The connector's list class input is one value, not an array: input coercion makes it a list.
      { path: ['listClass'], whenUnset: omit, value: () => 'AllLists' },
      { path: ['skip'], whenUnset: skipDefault, value: () => 0 },
      { path: ['limit'], whenUnset: limitDefault, value: () => 10 },
      { path: ['filterByName'], whenUnset: omit, value: (c) => c.listName },
    ],
  },
  {
    action: 'AddContactsToLists',
    mutates: true,
    document: `mutation addContactsToLists($listIds: [ID!]!, $contactIds: [ID!]!) {
      addContactsToLists(listIds: $listIds, contactIds: $contactIds) { totalCount successCount resultText }
    }`,
    inputs: [
      { path: ['listIds'], whenUnset: required, value: (c) => [c.listId] },
      { path: ['contactIds'], whenUnset: required, value: (c) => [c.personId] },
    ],
  },
  {
    action: 'RemoveContactsfromList',
    mutates: true,
    document: `mutation MyMutation($contactIds: [ID!]!, $listId: ID!) {
      removeContactsFromList(contactIds: $contactIds, listId: $listId) { resultText pendingContactsEffected contactsEffected }
    }`,
    inputs: [
      { path: ['contactIds'], whenUnset: required, value: (c) => [c.personId] },
      { path: ['listId'], whenUnset: required, value: (c) => c.listId },
    ],
  },
  {
    action: 'UpdatePersonContact',
    mutates: true,
    document: `mutation updatePublicPerson($input: UpdatePublicPersonInput!) {
      updatePublicPerson(input: $input) { item { id } status validationErrors { propertyName message } }
    }`,
    inputs: [
      { path: ['input', 'id'], whenUnset: required, value: (c) => c.personId },
      { path: ['input', 'lastName'], whenUnset: required, value: (c) => c.unique() },
      { path: ['input', 'title'], whenUnset: omit, value: () => 'Prof.' },
      { path: ['input', 'firstName'], whenUnset: omit, value: () => 'Grace' },
      { path: ['input', 'middleName'], whenUnset: omit, value: () => 'B' },
      { path: ['input', 'goesBy'], whenUnset: omit, value: () => 'Amazing' },
      { path: ['input', 'jobTitle'], whenUnset: omit, value: () => 'Counsel' },
      { path: ['input', 'address', 'street'], whenUnset: omit, value: () => '2 High Street' },
      { path: ['input', 'address', 'city'], whenUnset: omit, value: () => 'Harare' },
      {
        path: ['input', 'address', 'administrativeDivision'],
        whenUnset: omit,
        value: () => 'Harare Province',
      },
      { path: ['input', 'address', 'country'], whenUnset: omit, value: () => 'Zimbabwe' },
      { path: ['input', 'address', 'postalCode'], whenUnset: omit, value: () => '00263' },
      {
        path: ['input', 'email', 'electronicAddress'],
        whenUnset: omit,
        value: (c) => `${c.unique().replace(/\W+/g, '.').toLowerCase()}@example.org`,
      },
      { path: ['input', 'primaryPhone', 'number'], whenUnset: omit, value: () => '+263 24 270 0000' },
      { path: ['input', 'companyName'], whenUnset: omit, value: (c) => c.companyName },
    ],
  },
  {
    action: 'CreateActivity',
    mutates: true,
    document: `mutation addActivity($input: AddActivityInput!) { addActivity(input: $input) { id } }`,
    inputs: [
      { path: ['input', 'typeId'], whenUnset: required, value: (c) => c.activityTypeId },
      // The spec's format (§2.3: YYYY-MM-DD HH:mm:ss); the connector passes its user's text through.
      { path: ['input', 'activityDate'], whenUnset: required, value: () => '2026-03-04 10:00:00' },
      { path: ['input', 'subject'], whenUnset: required, value: (c) => c.unique() },
      { path: ['input', 'summary'], whenUnset: omit, value: () => 'Met at the client conference.' },
      { path: ['input', 'linkedEntityIds'], whenUnset: required, value: (c) => [c.personId] },
    ],
  },
  {
    action: 'SearchContacts',
    mutates: false,
    document: `query MyQuery($filterField: ContactFilterField, $filterValue: String) {
      searchFirmContacts(filter: { field: $filterField, value: $filterValue }) {
        totalModels
        models {
          contactId: id displayName contactEntity
          ... on Person {
            contactId: id displayName title firstName middleName lastName currentJobTitle
            currentEmployer { companyName: name companyId: id }
            ${ADDRESS}
          }
          ... on Company { contactId: id name }
          ${CONTACT_CARD}
          lists(sort: { field: "name", direction: "Ascending" }) { ${CONTACT_LISTS} }
        }
      }
    }`,
    // The connector declares $filterField/$filterValue but sends its inputs under other names, so the
    // filter's variables are never set: the filter object is always empty.
    inputs: [],
    undeclared: () => ({ emailAddress: 'someone@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
  },
  {
    action: 'UpdateActivity',
    mutates: true,
    document: `mutation updateActivity($input: UpdateActivityInput!) {
      updateActivity(input: $input) {
        validationErrors { propertyName message }
        item { id type typeId activityClass typeGroup activityStartDate lastEditedDate subject summary location regarding }
      }
    }`,
    inputs: [
      { path: ['input', 'activityId'], whenUnset: required, value: (c) => c.activityId },
      { path: ['input', 'typeId'], whenUnset: required, value: (c) => c.activityTypeId },
      { path: ['input', 'linkedEntityIds'], whenUnset: required, value: (c) => [c.personId] },
      { path: ['input', 'activityDate'], whenUnset: omit, value: () => '2026-03-05 09:30:00' },
      { path: ['input', 'subject'], whenUnset: omit, value: (c) => c.unique() },
      { path: ['input', 'summary'], whenUnset: omit, value: () => 'Follow-up agreed.' },
    ],
  },
];

/** How one optional input is filled in one run. */
export type InputState = 'unset' | 'null' | 'set';

/** The variables the connector sends for one choice of states (required inputs are always set). */
export function clientVariables(
  doc: ClientDocument,
  states: ReadonlyMap<ClientInput, InputState>,
  ctx: ClientContext,
): Record<string, unknown> {
  const variables: Record<string, unknown> = { ...(doc.undeclared?.(ctx) ?? {}) };
  for (const input of doc.inputs) {
    const state = input.whenUnset.kind === 'required' ? 'set' : (states.get(input) ?? 'unset');
    let value: unknown;
    if (state === 'set') value = input.value(ctx);
    else if (state === 'null') value = null;
    else if (input.whenUnset.kind === 'default') value = input.whenUnset.value;
    else continue;
    let at = variables;
    for (const key of input.path.slice(0, -1)) {
      at[key] ??= {};
      at = at[key] as Record<string, unknown>;
    }
    at[input.path[input.path.length - 1]!] = value;
  }
  return variables;
}

/** The inputs a user may leave empty. */
export function optionalInputs(doc: ClientDocument): ClientInput[] {
  return doc.inputs.filter((i) => i.whenUnset.kind !== 'required');
}
