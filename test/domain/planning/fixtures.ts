// Shared look-ups of the planning tests: seeded companies, firm employees and objective types, over HTTP.
import { dataOf, type TestServer } from '../../helpers/server.js';

/** Ids the planning tests build their inputs from. */
export interface PlanningFixtures {
  /** Client companies (not the firm), at least three. */
  companyIds: string[];
  /** Firm employees other than the API user, at least three. */
  employeeIds: string[];
  /** A person who is not a firm employee. */
  clientPersonId: string;
  activeTypeIds: string[];
  inactiveTypeId: string;
  industryId: string;
  practiceGroupId: string;
}

const CONTACTS = `query ($entity: String!) {
  searchFirmContacts(limit: 1000, filter: [{ field: contactEntity, value: $entity }]) {
    models { id ... on Person { isEmployee currentEmployer { id } } }
  }
}`;

interface ContactRow {
  id: string;
  isEmployee?: boolean;
  currentEmployer?: { id: string } | null;
}

/** Reads the seeded ids the tests need. */
export async function planningFixtures(server: TestServer): Promise<PlanningFixtures> {
  const people = dataOf(
    await server.gql<{ searchFirmContacts: { models: ContactRow[] } }>(CONTACTS, { entity: 'Person' }),
  ).searchFirmContacts.models;
  const companies = dataOf(
    await server.gql<{ searchFirmContacts: { models: ContactRow[] } }>(CONTACTS, { entity: 'Company' }),
  ).searchFirmContacts.models;
  const employees = people.filter((p) => p.isEmployee);
  const firmId = employees[0]?.currentEmployer?.id;
  const lookups = dataOf(
    await server.gql<{
      objectiveTypes: { models: Array<{ id: string; isActive: boolean }> };
      industries: { models: Array<{ id: string }> };
      practiceGroups: { models: Array<{ id: string }> };
    }>(
      `{ objectiveTypes { models { id isActive } } industries { models { id } } practiceGroups { models { id } } }`,
    ),
  );
  const clientPerson = people.find((p) => !p.isEmployee);
  return {
    companyIds: companies.filter((c) => c.id !== firmId).map((c) => c.id),
    employeeIds: employees.map((e) => e.id),
    clientPersonId: clientPerson?.id ?? '',
    activeTypeIds: lookups.objectiveTypes.models.filter((t) => t.isActive).map((t) => t.id),
    inactiveTypeId: lookups.objectiveTypes.models.find((t) => !t.isActive)?.id ?? '',
    industryId: lookups.industries.models[0]?.id ?? '',
    practiceGroupId: lookups.practiceGroups.models[0]?.id ?? '',
  };
}

/** The fields of an objective or initiative the tests read back. */
export const ITEM_FIELDS = `
  id name description startDate endDate closedDate status isDeleted progress creatorId createdBy
  tags { type displayName }
  locations { country administrativeDivision }
  types { industries { id name } practiceGroups { id name } otherTypes { id name isActive } keyClient }
  measurementOfSuccess { id description measurementType currencyType targetValue actualValue numberType }
`;

/** Validation errors as `propertyName` list, for compact assertions. */
export function propertyNames(errors: Array<{ propertyName: string }> | null | undefined): string[] {
  return (errors ?? []).map((e) => e.propertyName);
}
