/** What a bench server reports about its data, so the requests name existing records. */
export interface BenchFixture {
  /** A person with an employer, addresses and e-mail addresses. */
  personId: string;
  /** A last name to search for (that person's). */
  lastName: string;
}

/** The three measured requests, by name. */
export type RequestName = 'read' | 'search' | 'mutation';

/** Every measured request, in report order. */
export const REQUEST_NAMES: readonly RequestName[] = ['read', 'search', 'mutation'];

/** What each request is, for the report. */
export const REQUEST_LABELS: Record<RequestName, string> = {
  read: 'by-id read `person(id)` + addresses, e-mails, employer',
  search: '`searchFirmContacts(limit: 20)` by lastName',
  mutation: '`updatePublicPerson` (goesBy changes each call)',
};

const READ = `query BenchRead($id: ID!) {
  person(id: $id) {
    id displayName firstName lastName currentJobTitle
    addresses { id type street city country postalCode }
    emailAddresses { id type address }
    currentEmployer { id name }
  }
}`;

const SEARCH = `query BenchSearch($value: String) {
  searchFirmContacts(limit: 20, filter: [{ field: lastName, value: $value }]) {
    totalModels
    models { id displayName ... on Person { firstName lastName } }
  }
}`;

const MUTATION = `mutation BenchUpdate($input: UpdatePublicPersonInput!) {
  updatePublicPerson(input: $input) { status item { id goesBy displayName } }
}`;

/** The JSON body of a request; `n` varies the mutation so every call writes. */
export function requestBody(name: RequestName, fixture: BenchFixture, n = 0): string {
  switch (name) {
    case 'read':
      return JSON.stringify({ query: READ, variables: { id: fixture.personId } });
    case 'search':
      return JSON.stringify({ query: SEARCH, variables: { value: fixture.lastName } });
    case 'mutation':
      return JSON.stringify({
        query: MUTATION,
        variables: { input: { id: fixture.personId, goesBy: `Bench ${n}` } },
      });
  }
}

/** The GraphQL path every bench server answers on (the simulator's US 1.4.0 endpoint). */
export const BENCH_PATH = '/us/1.4.0/public-api/graphql';

/** Headers of every request (the baselines ignore the token). */
export const BENCH_HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  authorization: 'Bearer dev-token',
};
