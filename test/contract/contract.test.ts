// Pins the contract to the spec: if the SDL drifts from the tables of spec §4 or the differences of §9.3,
// these tests fail. The tables below are transcribed from the spec; its clause index and "Not shown" gaps
// are contracts/clauses.json (written by scripts/clauses-from-spec.ts), so nothing here reads outside the
// repository.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import {
  buildSchema,
  graphql,
  isNonNullType,
  validateSchema,
  valueFromAST,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import { diff, type Change } from '@graphql-inspector/core';
import {
  buildRevisionSchema,
  checkRevisionFiles,
  loadRevisionSdl,
  loadSourceSdl,
} from '../../src/contract/generate.js';
import { CONTRACTS_DIR, VERSIONS } from '../../src/contract/versions.js';

/** Queries of §4.1; `true` marks [1.4.0]. */
const QUERIES: Record<string, boolean> = {
  activities: false,
  activity: false,
  activityTypes: false,
  company: false,
  contact: false,
  contactTypes: false,
  countries: false,
  country: false,
  currencies: true,
  employeeRelationshipsTo: true,
  employeesWithRelationshipsTo: true,
  employeesWithRelationshipsToView: true,
  firm: false,
  firmContactEventViews: false,
  folderTypes: false,
  getIQRelationshipScore: true,
  getRelationshipInsights: true,
  industries: true,
  initiative: true,
  initiativeEventViews: true,
  initiatives: true,
  list: false,
  listEventViews: false,
  lists: false,
  objective: true,
  objectiveEventViews: true,
  objectiveTypes: true,
  objectives: true,
  opportunities: true,
  opportunity: true,
  opportunityEventViews: true,
  people: false,
  person: false,
  practiceGroups: true,
  profile: false,
  regionalSettings: false,
  relationshipEventViews: true,
  relationshipTypes: true,
  searchFirmContacts: false,
  targetPersonConnections: true,
};

/** Mutations of §4.2; `true` marks [1.4.0]. */
const MUTATIONS: Record<string, boolean> = {
  addActivity: false,
  addAdditionalFieldDefinition: false,
  addCompany: false,
  addContactsToLists: false,
  addInitiative: true,
  addList: false,
  addMatter: true,
  addMatterFinancial: true,
  addObjective: true,
  addOpportunity: true,
  addOpportunityActivity: true,
  addPerson: false,
  addPublicLocation: false,
  addRelationship: true,
  addRelationshipForContacts: true,
  addWorkingList: false,
  changePublicContactLocation: false,
  editAdditionalFieldDefinition: false,
  editListDetails: false,
  editPersonEmploymentInformation: false,
  editRelationship: true,
  editWorkingListDetails: false,
  patchObjectiveType: true,
  patchOpportunityOriginationSource: true,
  patchOpportunityOutcomeReason: true,
  patchOpportunityType: true,
  removeActivity: false,
  removeAdditionalFieldDefinition: false,
  removeContactFromLists: false,
  removeContactsFromList: false,
  removeInitiative: true,
  removeMatter: true,
  removeMatterFinancials: true,
  removeObjective: true,
  removeOpportunity: true,
  removeRelationship: true,
  removeWorkingList: false,
  updateActivity: false,
  updateContactAdditionalFields: false,
  updateInitiative: true,
  updateInitiativeStatus: true,
  updateListContactAdditionalFields: false,
  updateObjective: true,
  updateObjectiveStatus: true,
  updateOpportunityConfidential: true,
  updateOpportunityDetails: true,
  updateOpportunityLinks: true,
  updateOpportunityLocations: true,
  updateOpportunityPeople: true,
  updateOpportunityStageInstances: true,
  updateOpportunityStageTemplates: true,
  updateOpportunityStatus: true,
  updateOpportunitySummary: true,
  updatePublicCompany: false,
  updatePublicPerson: false,
};

const PAGING = 'skip: Int = 0, limit: Int = 100';

/**
 * Arguments of §4.1 and §4.2 as `name: Type = default`, in the spec's order. Types of filter/sort inputs
 * whose names the spec gives are checked by name; the rest of each input's shape is an assumption.
 */
const QUERY_ARGS: Record<string, string> = {
  activities: `${PAGING}, sort: [ActivitySortInput], filter: ActivityFilterInput`,
  activity: 'id: ID!',
  activityTypes:
    'onlyUserCreatable: Boolean = true, onlyUserSearchable: Boolean = false, appointmentTypesOnly: Boolean = false, ' +
    `${PAGING}, watchable: Boolean = false`,
  company: 'id: ID!',
  contact: 'id: ID!',
  contactTypes: `input: GetContactTypeInput, ${PAGING}`,
  countries: 'filter: CountryFilter',
  country: 'id: ID!',
  currencies: '',
  employeeRelationshipsTo:
    `toCompanyId: ID!, contactId: ID!, ${PAGING}, sorts: [EmployeeRelationshipToSortInput], ` +
    'filters: [EmployeeRelationshipToFilterInput]',
  employeesWithRelationshipsTo:
    `fromCompanyId: ID!, toCompanyId: ID!, ${PAGING}, sorts: [EmployeeWithRelationshipsToSortInput], ` +
    'filters: [EmployeeWithRelationshipsToFilterInput]',
  employeesWithRelationshipsToView:
    `fromCompanyId: ID!, toCompanyId: ID!, ${PAGING}, sorts: [EmployeeWithRelationshipsToViewSortInput], ` +
    'filters: [EmployeeWithRelationshipsToViewFilterInput]',
  firm: '',
  firmContactEventViews: `${PAGING}, sort: [FirmContactEventViewSortInput!], filter: FirmContactEventViewFilterInput`,
  folderTypes: 'listClass: [ListClass], checkSecurity: Boolean = true',
  getIQRelationshipScore: 'targetContactId: ID!',
  getRelationshipInsights: 'companyId: ID!',
  industries: '',
  initiative: 'id: ID!',
  initiativeEventViews: `${PAGING}, sort: [InitiativeEventViewSortInput!], filter: InitiativeEventViewFilterInput`,
  initiatives: `${PAGING}, sort: [InitiativeSortInput!], filter: InitiativeFilterInput`,
  list: 'id: ID!',
  listEventViews: `${PAGING}, sort: [ListEventViewSortInput!], filter: ListEventViewFilterInput`,
  lists: `listClass: [ListClass], listType: ListType = all, ${PAGING}, sort: SortInput, filter: [ListFilterInput]`,
  objective: 'id: ID!',
  objectiveEventViews: `${PAGING}, sort: [ObjectiveEventViewSortInput!], filter: ObjectiveEventViewFilterInput`,
  objectiveTypes: `${PAGING}, filter: ObjectiveTypeFilter`,
  objectives: `${PAGING}, sort: [ObjectiveSortInput!], filter: ObjectiveFilterInput`,
  opportunities: `${PAGING}, sort: [OpportunitySortInput!], filter: OpportunityFilterInput`,
  opportunity: 'id: ID!',
  opportunityEventViews: `${PAGING}, sort: [OpportunityEventViewSortInput!], filter: OpportunityEventViewFilterInput`,
  people: 'ids: [ID!]!',
  person: 'id: ID!',
  practiceGroups: '',
  profile: 'contactId: ID!',
  regionalSettings: '',
  relationshipEventViews: `${PAGING}, sort: [RelationshipEventViewSortInput!], filter: RelationshipEventViewFilterInput`,
  relationshipTypes:
    'skip: Int = 0, limit: Int = 500, sort: RelationshipTypeSortInput, filter: RelationshipTypeFilterInput',
  searchFirmContacts: `${PAGING}, sort: SortInput, filter: [ContactFilterInput]`,
  targetPersonConnections: 'input: TargetPersonRelationshipInput!',
};

/** Mutation arguments: "one `input` unless stated" (§4.2); the stated exceptions are listed here. */
const MUTATION_ARG_EXCEPTIONS: Record<string, string> = {
  addContactsToLists: 'listIds: [ID!]!, contactIds: [ID!]!',
  removeAdditionalFieldDefinition: 'id: ID!',
  removeContactsFromList: 'listId: ID!, contactIds: [ID!]!',
  removeInitiative: 'id: ID!',
  removeObjective: 'id: ID!',
  removeOpportunity: 'id: ID!',
  removeWorkingList: 'listId: ID!',
  // Not shown in the spec; choose an id argument.
  removeActivity: 'id: ID!',
  removeMatter: 'id: ID!',
};

/** Input types named in §4.2 (optional where the spec omits `!`). */
const MUTATION_INPUT_TYPES: Record<string, string> = {
  addActivity: 'AddActivityInput!',
  addAdditionalFieldDefinition: 'AddAdditionalFieldDefinitionInput!',
  addCompany: 'AddCompanyInput!',
  addInitiative: 'AddInitiativeInput!',
  addList: 'AddListInput!',
  addMatter: 'AddMatterInput!',
  addMatterFinancial: 'AddMatterFinancialInput!',
  addObjective: 'AddObjectiveInput!',
  addOpportunity: 'AddOpportunityInput!',
  addOpportunityActivity: 'AddOpportunityActivityInput!',
  addPerson: 'AddPersonInput!',
  addPublicLocation: 'AddLocationInput!',
  addRelationship: 'AddRelationshipInput',
  addRelationshipForContacts: 'AddRelationshipForContactsInput',
  addWorkingList: 'AddListInput!',
  changePublicContactLocation: 'LocationChangeInput!',
  editAdditionalFieldDefinition: 'EditAdditionalFieldDefinitionInput!',
  editListDetails: 'EditListDetailsInput!',
  editPersonEmploymentInformation: 'EditPersonEmploymentInformationInput!',
  editRelationship: 'EditRelationshipInput',
  editWorkingListDetails: 'EditWorkingListDetailsInput!',
  patchObjectiveType: 'ObjectiveTypeInput!',
  patchOpportunityOriginationSource: 'OpportunityOriginationSourceInput!',
  patchOpportunityOutcomeReason: 'OpportunityOutcomeReasonInput!',
  patchOpportunityType: 'OpportunityTypeInput!',
  removeContactFromLists: 'RemoveContactFromListsInput!',
  removeMatterFinancials: 'RemoveMatterFinancialsInput!',
  removeRelationship: 'RemoveRelationshipInput',
  updateActivity: 'UpdateActivityInput!',
  updateContactAdditionalFields: 'UpdateContactAdditionalFieldsInput!',
  updateInitiative: 'UpdateInitiativeInput!',
  updateInitiativeStatus: 'UpdateInitiativeStatusInput!',
  updateListContactAdditionalFields: 'UpdateListContactAdditionalFieldInput!',
  updateObjective: 'UpdateObjectiveInput!',
  updateObjectiveStatus: 'UpdateObjectiveStatusInput!',
  updateOpportunityConfidential: 'UpdateOpportunityConfidentialInput!',
  updateOpportunityDetails: 'UpdateOpportunityDetailsInput!',
  updateOpportunityLinks: 'UpdateOpportunityLinksInput!',
  updateOpportunityLocations: 'UpdateOpportunityLocationsInput!',
  updateOpportunityPeople: 'UpdateOpportunityPeopleInput!',
  updateOpportunityStageInstances: 'UpdateOpportunityStageInstanceInput!',
  updateOpportunityStageTemplates: 'UpdateOpportunityStageTemplateInput!',
  updateOpportunityStatus: 'UpdateOpportunityStatusInput!',
  updateOpportunitySummary: 'UpdateOpportunitySummaryInput!',
  updatePublicCompany: 'UpdatePublicCompanyInput!',
  updatePublicPerson: 'UpdatePublicPersonInput!',
};

/** Result fields of §4.2 for the mutations whose result the spec spells out as a field list. */
const MUTATION_RESULT_FIELDS: Record<string, string[]> = {
  addAdditionalFieldDefinition: ['success', 'additionalFieldDefinition'],
  addCompany: ['validationErrors', 'item'],
  addContactsToLists: ['totalCount', 'successCount', 'resultText', 'skippedCount', 'skippedContactIds'],
  addInitiative: ['validationErrors', 'item'],
  addList: ['item', 'validationErrors'],
  addMatter: ['validationErrors', 'item'],
  addMatterFinancial: ['validationErrors', 'item'],
  addObjective: ['validationErrors', 'item'],
  addOpportunityActivity: ['opportunityId', 'activityId'],
  addPerson: ['status', 'validationErrors', 'item'],
  addPublicLocation: ['status', 'validationErrors', 'item'],
  addRelationship: ['contactId', 'success'],
  addRelationshipForContacts: ['success', 'validationErrors'],
  addWorkingList: ['success', 'errorText', 'item'],
  changePublicContactLocation: ['status', 'validationErrors', 'item'],
  editAdditionalFieldDefinition: ['success', 'resultText', 'additionalFieldDefinition'],
  editListDetails: ['item', 'validationErrors'],
  editPersonEmploymentInformation: ['status', 'validationErrors', 'item'],
  editRelationship: ['relationshipId', 'success'],
  editWorkingListDetails: ['success', 'errorText', 'item'],
  patchObjectiveType: ['validationErrors', 'addItems', 'updateItems'],
  patchOpportunityOriginationSource: ['validationErrors', 'addItems', 'updateItems'],
  patchOpportunityOutcomeReason: ['validationErrors', 'addItems', 'updateItems'],
  patchOpportunityType: ['validationErrors', 'addItems', 'updateItems'],
  removeContactFromLists: ['item', 'validationErrors'],
  removeContactsFromList: ['contactsEffected', 'pendingContactsEffected', 'resultText'],
  removeInitiative: ['isSuccessful', 'validationErrors'],
  removeMatterFinancials: ['isSuccessful', 'matterFinancialsAffected', 'validationErrors'],
  removeObjective: ['isSuccessful', 'validationErrors'],
  removeOpportunity: ['isSuccessful', 'validationErrors'],
  removeRelationship: ['contactId', 'success'],
  updateActivity: ['validationErrors', 'item'],
  updateContactAdditionalFields: ['status', 'validationErrors', 'item'],
  updateInitiative: ['validationErrors', 'item'],
  updateInitiativeStatus: ['validationErrors', 'item'],
  updateListContactAdditionalFields: ['models'],
  updateObjective: ['validationErrors', 'item'],
  updateObjectiveStatus: ['validationErrors', 'item'],
  updateOpportunityConfidential: ['opportunityId', 'isConfidential', 'validationErrors'],
  updateOpportunityDetails: ['opportunityId'],
  updateOpportunityLinks: ['item', 'validationErrors'],
  updateOpportunityLocations: ['opportunityId'],
  updateOpportunityPeople: ['id', 'validationErrors'],
  updateOpportunityStageInstances: ['opportunityId'],
  updateOpportunityStageTemplates: ['id', 'validationErrors'],
  updateOpportunityStatus: ['id', 'validationErrors'],
  updateOpportunitySummary: ['opportunityId'],
  updatePublicCompany: ['validationErrors', 'item'],
  updatePublicPerson: ['status', 'validationErrors', 'item'],
};

function describeArg(arg: GraphQLArgument): string {
  const def = arg.astNode?.defaultValue;
  let text = `${arg.name}: ${String(arg.type)}`;
  if (def) text += ` = ${def.kind === 'EnumValue' ? def.value : JSON.stringify(valueFromAST(def, arg.type))}`;
  return text;
}

function describeArgs(field: GraphQLField<unknown, unknown>): string {
  return field.args.map(describeArg).join(', ');
}

function expectedNames(table: Record<string, boolean>, version: string): string[] {
  return Object.entries(table)
    .filter(([, only140]) => version === '1.4.0' || !only140)
    .map(([name]) => name)
    .sort();
}

const schemas = Object.fromEntries(VERSIONS.map((v) => [v, buildRevisionSchema(v)])) as Record<
  (typeof VERSIONS)[number],
  GraphQLSchema
>;

describe('generated revision files', () => {
  it('are current with contracts/schema.graphql', () => {
    expect(checkRevisionFiles().map((f) => `${f.displayPath}: ${f.state}`)).toEqual([]);
  });

  it.each(VERSIONS)('%s parses and validates with graphql-js and carries no @since', (version) => {
    const sdl = loadRevisionSdl(version);
    expect(validateSchema(buildSchema(sdl))).toEqual([]);
    expect(sdl).not.toMatch(/@since/);
  });
});

describe('operation inventory (§4.1, §4.2, §9.3)', () => {
  it('has 40 queries and 55 mutations in 1.4.0, 19 and 23 in 1.2.0', () => {
    const count = (v: (typeof VERSIONS)[number]) => [
      Object.keys(schemas[v].getQueryType()!.getFields()).length,
      Object.keys(schemas[v].getMutationType()!.getFields()).length,
    ];
    expect(count('1.4.0')).toEqual([40, 55]);
    expect(count('1.2.0')).toEqual([19, 23]);
  });

  it.each(VERSIONS)('%s has exactly the queries and mutations of the spec tables', (version) => {
    const schema = schemas[version];
    expect(Object.keys(schema.getQueryType()!.getFields()).sort()).toEqual(expectedNames(QUERIES, version));
    expect(Object.keys(schema.getMutationType()!.getFields()).sort()).toEqual(
      expectedNames(MUTATIONS, version),
    );
  });
});

describe('arguments and defaults (§4.1, §4.2, §8)', () => {
  const queries = schemas['1.4.0'].getQueryType()!.getFields();
  const mutations = schemas['1.4.0'].getMutationType()!.getFields();

  it.each(Object.keys(QUERY_ARGS))('query %s has the arguments and defaults of §4.1', (name) => {
    expect(describeArgs(queries[name]!)).toBe(QUERY_ARGS[name]);
  });

  it.each(Object.keys(MUTATIONS))('mutation %s has the arguments of §4.2', (name) => {
    const expected = MUTATION_ARG_EXCEPTIONS[name] ?? `input: ${MUTATION_INPUT_TYPES[name]}`;
    expect(describeArgs(mutations[name]!)).toBe(expected);
  });

  it('1.2.0 folderTypes has no checkSecurity argument (§9.3)', () => {
    const folderTypes = schemas['1.2.0'].getQueryType()!.getFields()['folderTypes']!;
    expect(describeArgs(folderTypes)).toBe('listClass: [ListClass]');
  });

  it.each(Object.keys(MUTATION_RESULT_FIELDS))('mutation %s returns the fields of §4.2', (name) => {
    let type = mutations[name]!.type;
    while ('ofType' in type) type = type.ofType;
    const fields = Object.keys((type as { getFields: () => Record<string, unknown> }).getFields());
    expect(fields.sort()).toEqual([...MUTATION_RESULT_FIELDS[name]!].sort());
  });

  it('addOpportunityActivity returns a non-null list of non-null results', () => {
    expect(String(mutations['addOpportunityActivity']!.type)).toBe('[AddOpportunityActivityResult!]!');
  });

  it('the add inputs of §2.2 and §2.4 have the required fields the spec marks', () => {
    const required = (typeName: string) => {
      const type = schemas['1.4.0'].getType(typeName) as {
        getFields: () => Record<string, { type: unknown }>;
      };
      return Object.entries(type.getFields())
        .filter(([, f]) => isNonNullType(f.type as never))
        .map(([n]) => n);
    };
    expect(required('AddActivityInput')).toEqual(['typeId', 'activityDate', 'subject']);
    expect(required('AddListInput')).toEqual(['name', 'folderTypeId']);
    expect(required('AddAdditionalFieldDefinitionInput')).toEqual(['listId', 'name', 'type']);
  });
});

describe('types of §2', () => {
  const fieldNames = (version: (typeof VERSIONS)[number], typeName: string) =>
    Object.keys((schemas[version].getType(typeName) as { getFields: () => object }).getFields());

  it('Score has strength, value, maxValue, description in 1.4.0 and strength, description in 1.2.0 (§2.3, §9.3)', () => {
    expect(fieldNames('1.4.0', 'Score')).toEqual(['strength', 'value', 'maxValue', 'description']);
    expect(fieldNames('1.2.0', 'Score')).toEqual(['strength', 'description']);
  });

  it('Contact is an interface that Person and Company implement; ActivityContact has three implementations', () => {
    const schema = schemas['1.2.0'];
    const names = (iface: string) =>
      schema
        .getPossibleTypes(schema.getType(iface) as never)
        .map((t) => t.name)
        .sort();
    expect(names('Contact')).toEqual(['Company', 'Person']);
    expect(names('ActivityContact')).toEqual(['ActivityCompany', 'ActivityPerson', 'ActivityUnknown']);
  });

  it('paged results have totalModels: Int!', () => {
    for (const version of VERSIONS) {
      for (const type of Object.values(schemas[version].getTypeMap())) {
        // §4.2 gives updateListContactAdditionalFields a bare `models` list, not a paged result.
        if (!/Results$/.test(type.name) || !('getFields' in type)) continue;
        if (type.name === 'UpdateListContactAdditionalFieldResults') continue;
        const fields = (type as { getFields: () => Record<string, { type: unknown }> }).getFields();
        if (!('models' in fields)) continue;
        expect(`${type.name}.totalModels: ${String(fields['totalModels']?.type)}`).toBe(
          `${type.name}.totalModels: Int!`,
        );
      }
    }
  });

  it('AddActivityInput.activityDate is the text format of §8 and eventDate is a DateTime', () => {
    const schema = schemas['1.2.0'];
    const input = schema.getType('AddActivityInput') as {
      getFields: () => Record<string, { type: unknown }>;
    };
    expect(String(input.getFields()['activityDate']!.type)).toBe('String!');
    const view = schema.getType('FirmContactEventView') as {
      getFields: () => Record<string, { type: unknown }>;
    };
    expect(String(view.getFields()['eventDate']!.type)).toBe('DateTime');
  });
});

describe('differences between the revisions (§9.3)', () => {
  it('the 1.2.0 → 1.4.0 diff holds only the documented additions and nothing breaking', async () => {
    const changes: Change[] = await diff(schemas['1.2.0'], schemas['1.4.0']);
    const only140Queries = expectedNames(QUERIES, '1.4.0').filter((n) => QUERIES[n]);
    const only140Mutations = expectedNames(MUTATIONS, '1.4.0').filter((n) => MUTATIONS[n]);
    const names12 = new Set(Object.keys(schemas['1.2.0'].getTypeMap()));
    const addedRoots = [
      ...only140Queries.map((q) => `Query.${q}`),
      ...only140Mutations.map((m) => `Mutation.${m}`),
      'Score.value',
      'Score.maxValue',
      'Query.folderTypes.checkSecurity',
    ];
    // A change is documented when it is, or lies inside, one of the additions of §9.3 or a 1.4.0-only type.
    const documented = (c: Change): boolean => {
      const path = c.path ?? '';
      if (c.type === 'TYPE_ADDED') return !names12.has(path);
      if (!names12.has(path.split('.')[0]!)) return true;
      return addedRoots.some((root) => path === root || path.startsWith(`${root}.`));
    };
    expect(changes.filter((c) => !documented(c)).map((c) => `${c.type} ${c.path}: ${c.message}`)).toEqual([]);
    expect(changes.filter((c) => c.criticality.level === 'BREAKING')).toEqual([]);
    // Every documented difference is actually present.
    const paths = new Set(changes.map((c) => c.path));
    for (const q of only140Queries) expect(paths.has(`Query.${q}`)).toBe(true);
    for (const m of only140Mutations) expect(paths.has(`Mutation.${m}`)).toBe(true);
    expect(paths.has('Score.value') && paths.has('Score.maxValue')).toBe(true);
    expect(paths.has('Query.folderTypes.checkSecurity')).toBe(true);
  });

  it('the types only 1.4.0 has are the ones its new operations and fields need', () => {
    const names12 = new Set(Object.keys(schemas['1.2.0'].getTypeMap()));
    const added = Object.keys(schemas['1.4.0'].getTypeMap()).filter((n) => !names12.has(n));
    const source = loadSourceSdl();
    for (const name of added) {
      // Every 1.4.0-only type is marked at its definition in the single source.
      expect(source).toMatch(
        new RegExp(`^(type|input|enum|interface|union|scalar) ${name} @since\\(version: "1\\.4\\.0"\\)`, 'm'),
      );
    }
    expect(added).toEqual(expect.arrayContaining(['Objective', 'Opportunity', 'RelationshipTypeDefinition']));
  });
});

describe('scalars (§2.1)', () => {
  const run = (query: string, variables: Record<string, unknown>) =>
    graphql({ schema: schemas['1.4.0'], source: query, variableValues: variables });

  it.each([
    ['Date', '2024-02-29', true],
    ['Date', '2023-02-29', false],
    ['Date', '2024-13-01', false],
    ['DateTime', '2024-05-01T13:45:00Z', true],
    ['DateTime', '2024-05-01T13:45:00.123Z', true],
    ['DateTime', '2024-05-01T13:45:00+02:00', false],
    ['DateTime', '2024-05-01 13:45:00', false],
  ])('%s variable %s accepted: %s', async (scalar, value, ok) => {
    const field = scalar === 'Date' ? 'DateFilterInput' : 'DateTimeFilterInput';
    const query =
      scalar === 'Date'
        ? `query($v: Date) { activities(filter: { date: { from: $v } }) { totalModels } }`
        : `query($v: DateTime) { firmContactEventViews(filter: { eventDate: { from: $v } }) { totalModels } }`;
    const result = await run(query, { v: value });
    const variableErrors = (result.errors ?? []).filter((e) => e.message.includes('$v'));
    expect({ field, rejected: variableErrors.length > 0 }).toEqual({ field, rejected: !ok });
    if (!ok) expect(variableErrors[0]!.message).toMatch(new RegExp(`${scalar} cannot represent`));
  });
});

describe('assumptions (contracts/ASSUMPTIONS.md)', () => {
  const assumptions = readFileSync(`${CONTRACTS_DIR}ASSUMPTIONS.md`, 'utf8');
  const sections = new Set([...assumptions.matchAll(/^## (A-\d+) /gm)].map((m) => m[1]));
  const tableIds = [...assumptions.matchAll(/^\| (A-\d+) \|/gm)].map((m) => m[1]);

  it('every id in the index has a section, and every section is in the index', () => {
    expect(tableIds.length).toBeGreaterThan(50);
    expect([...sections].sort()).toEqual([...tableIds].sort());
  });

  it('every A-id the SDL cites is documented', () => {
    const cited = new Set([...loadSourceSdl().matchAll(/A-\d+/g)].map((m) => m[0]));
    expect([...cited].filter((id) => !sections.has(id))).toEqual([]);
  });

  it('every "Not shown" gap of the spec (contracts/clauses.json) is resolved by an assumption citing its clause', () => {
    const resolved = new Set(
      [...assumptions.matchAll(/^\| A-\d+ \| [^|]+ \| ([^|]*Not shown[^|]*)\|/gm)].flatMap((m) =>
        citedClauses(m[1]!),
      ),
    );
    expect(CLAUSES.notShown.length).toBeGreaterThan(10);
    expect(CLAUSES.notShown.filter((gap) => !resolved.has(gap.clause))).toEqual([]);
  });
});

/** The repository's index of the spec: every clause's id and title, and each "Not shown" gap. */
const CLAUSES = JSON.parse(readFileSync(`${CONTRACTS_DIR}clauses.json`, 'utf8')) as {
  clauses: { id: string; title: string }[];
  notShown: { clause: string; text: string }[];
};

/** The clause ids a text cites: `§7.7`, `§6 rule 4` (= `§6.4`), `§8/limit-relationshipTypes` (= `§8`). */
function citedClauses(text: string): string[] {
  return [...text.matchAll(/§(\d+(?:\.\d+)*)(?: rule (\d+))?/g)].map((m) =>
    m[2] ? `§${m[1]}.${m[2]}` : `§${m[1]}`,
  );
}

/** Every file below a folder whose name ends with `suffix`. */
function filesUnder(dir: URL, suffix: string): URL[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => new URL(name, dir));
}

describe('spec clauses (contracts/clauses.json)', () => {
  const known = new Set(CLAUSES.clauses.map((c) => c.id));

  it('indexes every section of the spec and every gap names a known clause', () => {
    expect(CLAUSES.clauses.filter((c) => /^§\d+$/.test(c.id)).map((c) => c.id)).toEqual([
      '§1',
      '§2',
      '§3',
      '§4',
      '§5',
      '§6',
      '§7',
      '§8',
      '§9',
    ]);
    expect(CLAUSES.clauses.every((c) => c.title.length > 0)).toBe(true);
    expect(CLAUSES.notShown.filter((gap) => !known.has(gap.clause))).toEqual([]);
  });

  it.each([
    ['the scenarios', filesUnder(new URL('../../conformance/', import.meta.url), '.yaml')],
    ['ASSUMPTIONS.md and the SDL', [`${CONTRACTS_DIR}ASSUMPTIONS.md`, `${CONTRACTS_DIR}schema.graphql`]],
  ])('every clause %s cite exists in the spec', (_what, files) => {
    expect(files.length).toBeGreaterThan(0);
    const unknown = files.flatMap((file) =>
      citedClauses(readFileSync(file, 'utf8'))
        .filter((id) => !known.has(id))
        .map((id) => `${String(file)}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('contract types (src/contract/types.generated.ts)', () => {
  it('are current with the 1.4.0 revision', async () => {
    const { contractTypesCurrent } = await import('../../src/contract/typegen.js');
    expect(await contractTypesCurrent()).toBe(true);
  });
});
