/** What a bench server reports about its data, so the requests name existing records. */
export interface BenchFixture {
  /** A person with an employer, addresses and e-mail addresses. */
  personId: string;
  /** A last name to search for (that person's). */
  lastName: string;
  /** A list with members (the growth section's list read); absent from the baselines' fixtures. */
  listId?: string;
  /** The date of the newest seeded event: a poll after it is a partner's "what is new" (growth). */
  lastEventDate?: string;
}

/** The three requests of the throughput section (the baselines answer these), by name. */
export type RequestName = 'read' | 'search' | 'mutation';

/**
 * The growth section's further reads: every read a partner polls or searches with (issue 41), beside the
 * three above.
 */
export type GrowthReadName = 'termSearch' | 'page' | 'members' | 'eventPage' | 'eventPoll';

/** Any request the bench sends. */
export type BenchRequestName = RequestName | GrowthReadName;

/** Every measured request of the throughput section, in report order. */
export const REQUEST_NAMES: readonly RequestName[] = ['read', 'search', 'mutation'];

/** Every request of the growth section, in report order. */
export const GROWTH_REQUEST_NAMES: readonly BenchRequestName[] = [
  'read',
  'search',
  'termSearch',
  'page',
  'members',
  'eventPage',
  'eventPoll',
  'mutation',
];

/** What each request is, for the report. */
export const REQUEST_LABELS: Record<BenchRequestName, string> = {
  read: 'by-id read `person(id)` + addresses, e-mails, employer',
  search: '`searchFirmContacts(limit: 20)` by lastName',
  mutation: '`updatePublicPerson` (goesBy changes each call)',
  termSearch: '`searchFirmContacts(limit: 20)` by term (part of a last name)',
  page: '`searchFirmContacts(limit: 20)` without a filter (the first page and its total)',
  members: "`list(id) { contacts(limit: 20) }` (a list's members)",
  eventPage: '`firmContactEventViews(limit: 100)` (the first page of the history)',
  eventPoll:
    '`firmContactEventViews(limit: 100, filter: { eventDate: { after } })` since the newest seeded event',
};

const TERM_SEARCH = `query BenchTerm($value: String) {
  searchFirmContacts(limit: 20, filter: [{ field: term, value: $value }]) {
    totalModels
    models { id displayName }
  }
}`;

const PAGE = `query BenchPage {
  searchFirmContacts(limit: 20) { totalModels models { id displayName } }
}`;

const MEMBERS = `query BenchMembers($id: ID!) {
  list(id: $id) { id contacts(limit: 20) { totalModels models { id displayName } } }
}`;

const EVENT_PAGE = `query BenchEventPage {
  firmContactEventViews(limit: 100) { totalModels models { eventType eventDate contactId } }
}`;

const EVENT_POLL = `query BenchEventPoll($after: DateTime) {
  firmContactEventViews(limit: 100, filter: { eventDate: { after: $after } }) {
    totalModels models { eventType eventDate contactId }
  }
}`;

/** The by-id read (the bench's `read` request), for tools that load it with an id of their own. */
export const READ = `query BenchRead($id: ID!) {
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
export function requestBody(name: BenchRequestName, fixture: BenchFixture, n = 0): string {
  switch (name) {
    case 'termSearch':
      // Part of a last name: the term filter's substring rule, not the name index's whole-name one.
      return JSON.stringify({ query: TERM_SEARCH, variables: { value: fixture.lastName.slice(1, 5) } });
    case 'page':
      return JSON.stringify({ query: PAGE });
    case 'members':
      return JSON.stringify({ query: MEMBERS, variables: { id: fixture.listId } });
    case 'eventPage':
      return JSON.stringify({ query: EVENT_PAGE });
    case 'eventPoll':
      return JSON.stringify({ query: EVENT_POLL, variables: { after: fixture.lastEventDate } });
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
