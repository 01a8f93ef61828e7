import type {
  ContactFilterField,
  ContactFilterInput,
  QuerySearchFirmContactsArgs,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { badUserInput } from '../shared/errors.js';
import { sortDirection } from '../shared/sort-direction.js';
import { checkPaging, compareText, containsText, type Direction } from '../shared/paging.js';
import { firstSorted } from '../shared/select.js';
import { isoCountry } from '../shared/iso-countries.js';
import {
  ADDRESSES_BY_CONTACT,
  CONTACTS,
  EMAILS_BY_CONTACT,
  type AddressRecord,
  type ContactRecord,
  type EmailRecord,
} from './model.js';
import { nameCandidates } from './name-index.js';
import { ALL_CONTACTS, companyCandidates, CONTACTS_BY_DISPLAY_NAME, termCandidates } from './search-index.js';

/** Filter options that take `values` (§2.4, A-33); every other option takes `value`. */
const VALUES_FIELDS: ReadonlySet<ContactFilterField> = new Set(['ids', 'industryIds', 'contactTypeIds']);

/** Sortable fields of `searchFirmContacts`. */
const SORT_FIELDS: Record<string, (c: ContactRecord) => string | null | undefined> = {
  displayName: (c) => c.displayName,
  firstName: (c) => c.firstName,
  lastName: (c) => c.lastName,
};

type Predicate = (c: ContactRecord) => boolean;

/** A contact with its sort value, read once. */
interface Keyed {
  c: ContactRecord;
  key: string | null;
}

/**
 * The order of the shared `sortItems` (case-insensitive text, absent values last in either direction,
 * ties by id so paging is stable, A-34): a total order, so any page of it is well defined.
 */
function contactOrder(direction: Direction | null | undefined): (x: Keyed, y: Keyed) => number {
  const sign = direction === 'Descending' ? -1 : 1;
  return (x, y) => {
    if (x.key !== y.key) {
      if (x.key === null) return 1;
      if (y.key === null) return -1;
      return sign * compareText(x.key, y.key);
    }
    return x.c.id < y.c.id ? -1 : x.c.id > y.c.id ? 1 : 0;
  };
}

/** Text options echoed in `searchTerms`. */
type SearchTerms = Record<'term' | 'firstName' | 'lastName' | 'company' | 'emailAddress', string | null>;

function employerName(store: StoreReader, c: ContactRecord): string | null | undefined {
  if (c.kind === 'Company') return c.name;
  return c.companyId ? store.get<ContactRecord>(CONTACTS, c.companyId)?.name : null;
}

function hasEmail(store: StoreReader, c: ContactRecord, text: string): boolean {
  return store.lookup<EmailRecord>(EMAILS_BY_CONTACT, c.id).some((e) => containsText(e.address, text));
}

function hasAddress(store: StoreReader, c: ContactRecord, test: (a: AddressRecord) => boolean): boolean {
  return store.lookup<AddressRecord>(ADDRESSES_BY_CONTACT, c.id).some(test);
}

/** Checks one filter's use of `value`/`values` and returns its test; the cost orders the tests. */
/** A filter entry that names its option. */
type FieldFilter = ContactFilterInput & { field: ContactFilterField };

function predicateOf(
  store: StoreReader,
  filter: FieldFilter,
  index: number,
): { test: Predicate; cost: number } {
  const { field } = filter;
  const hasValues = filter.values !== null && filter.values !== undefined;
  const hasValue = filter.value !== null && filter.value !== undefined;
  if (VALUES_FIELDS.has(field)) {
    if (hasValue || !hasValues) {
      throw badUserInput(`filter[${index}]: the ${field} filter takes "values", not "value".`);
    }
    const wanted = new Set((filter.values ?? []).filter((v): v is string => typeof v === 'string'));
    if (field === 'ids') return { test: (c) => wanted.has(c.id), cost: 0 };
    if (field === 'industryIds') return { test: (c) => c.industryIds.some((id) => wanted.has(id)), cost: 1 };
    return { test: (c) => c.contactTypeIds.some((id) => wanted.has(id)), cost: 1 };
  }
  if (hasValues || !hasValue) {
    throw badUserInput(`filter[${index}]: the ${field} filter takes "value", not "values".`);
  }
  const value = filter.value ?? '';
  switch (field) {
    case 'term':
      return {
        test: (c) =>
          containsText(c.displayName, value) ||
          containsText(c.firstName, value) ||
          containsText(c.lastName, value) ||
          containsText(employerName(store, c), value) ||
          hasEmail(store, c, value),
        cost: 3,
      };
    case 'firstName':
      return { test: (c) => c.kind === 'Person' && containsText(c.firstName, value), cost: 1 };
    case 'lastName':
      return { test: (c) => c.kind === 'Person' && containsText(c.lastName, value), cost: 1 };
    case 'company':
      return { test: (c) => containsText(employerName(store, c), value), cost: 2 };
    case 'emailAddress':
      return { test: (c) => hasEmail(store, c, value), cost: 3 };
    case 'city':
      return { test: (c) => hasAddress(store, c, (a) => containsText(a.city, value)), cost: 3 };
    case 'country': {
      // A country's other names find it too: "United States of America" finds "United States".
      const iso = isoCountry(value)?.isoCode;
      const sameCountry = (text: string | null) =>
        containsText(text, value) ||
        (iso !== undefined && text !== null && isoCountry(text)?.isoCode === iso);
      return { test: (c) => hasAddress(store, c, (a) => sameCountry(a.country)), cost: 3 };
    }
    case 'tag': {
      const tag = value.trim().toLocaleLowerCase('en');
      return { test: (c) => c.tags.some((t) => t.toLocaleLowerCase('en') === tag), cost: 1 };
    }
    case 'contactEntity': {
      if (value === 'Any') return { test: () => true, cost: 0 };
      if (value !== 'Person' && value !== 'Company') {
        throw badUserInput(
          `filter[${index}]: contactEntity must be Person, Company or Any (got "${value}").`,
        );
      }
      return { test: (c) => c.kind === value, cost: 0 };
    }
    default:
      throw badUserInput(`filter[${index}]: unknown filter field "${String(field)}".`);
  }
}

/** The candidates an index gives for one text filter, or undefined when it gives none (scan). */
function textCandidates(store: StoreReader, f: FieldFilter): ContactRecord[] | undefined {
  if (typeof f.value !== 'string') return undefined;
  switch (f.field) {
    case 'firstName':
    case 'lastName':
      return nameCandidates(store, f.field, f.value);
    case 'term':
      return termCandidates(store, f.value);
    case 'company':
      return companyCandidates(store, f.value);
    default:
      return undefined;
  }
}

/** Filters whose candidates are exactly their matches (their test need not run again). */
const EXACT_CANDIDATES: ReadonlySet<ContactFilterField> = new Set(['firstName', 'lastName']);

/**
 * Contacts that may match (a superset; the filters' tests decide): fetched by id with an ids filter, from
 * the indexes with a firstName, lastName, term or company filter (the smallest set when several are
 * given), otherwise every contact. Candidate order does not matter, as the result is sorted on a total
 * order. `decided` is the name filter the candidates are exactly the matches of, whose test need not run
 * again.
 */
function candidatesOf(
  store: StoreReader,
  filters: readonly FieldFilter[],
): { contacts: Iterable<ContactRecord>; decided?: ContactFilterInput } {
  const idsFilter = filters.find((f) => f.field === 'ids');
  if (idsFilter) {
    const contacts = [...new Set(idsFilter.values ?? [])].flatMap((id) => {
      const c = typeof id === 'string' ? store.get<ContactRecord>(CONTACTS, id) : undefined;
      return c ? [c] : [];
    });
    return { contacts };
  }
  let best: { contacts: ContactRecord[]; decided?: ContactFilterInput } | undefined;
  for (const f of filters) {
    const found = textCandidates(store, f);
    if (found && (!best || found.length < best.contacts.length))
      best = { contacts: found, ...(EXACT_CANDIDATES.has(f.field) ? { decided: f } : {}) };
  }
  return best ?? { contacts: store.all<ContactRecord>(CONTACTS) };
}

/**
 * The filter entries that name an option and give it something to match. The public client sends
 * `{ field: null, value: null }` when its caller leaves both out: an entry with neither field nor
 * value is ignored, one with a value but no field is malformed. An entry with a field but neither `value`
 * nor `values` (a variable its user left unset) filters nothing either.
 */
function fieldFilters(entries: ReadonlyArray<ContactFilterInput | null | undefined>): FieldFilter[] {
  return entries.flatMap((f, i) => {
    if (f === null || f === undefined) return [];
    const given =
      (f.value !== null && f.value !== undefined) || (f.values !== null && f.values !== undefined);
    if (!given) return [];
    if (f.field !== null && f.field !== undefined) return [{ ...f, field: f.field }];
    throw badUserInput(`filter[${i}]: a filter with a value needs a field.`);
  });
}

/**
 * `searchFirmContacts` (§4.1, A-33, A-34): every filter combines with AND; cheap record tests run before
 * the ones that read a contact's e-mails or addresses (through the by-contact indexes).
 */
export function searchFirmContacts(args: QuerySearchFirmContactsArgs, ctx: RequestContext) {
  const store = ctx.store;
  const filters = fieldFilters(args.filter ?? []);
  // Every filter is checked (and may be refused) even when the candidates already decide it.
  const predicates = filters
    .map((f, i) => ({ filter: f, ...predicateOf(store, f, i) }))
    .sort((a, b) => a.cost - b.cost);
  const sortField = args.sort?.field ?? 'displayName';
  // Own keys only: a field named "__proto__" or "constructor" must not find Object.prototype's members.
  const sortValue = Object.hasOwn(SORT_FIELDS, sortField) ? SORT_FIELDS[sortField] : undefined;
  if (!sortValue) {
    throw badUserInput(
      `sort.field must be one of ${Object.keys(SORT_FIELDS).join(', ')} (got "${sortField}").`,
    );
  }
  const { skip, limit } = checkPaging(args);
  const direction = sortDirection(args.sort?.direction);
  const page =
    filters.length === 0 && sortField === 'displayName' && direction !== 'Descending'
      ? allContactsPage(store, skip, limit)
      : matchingPage(store, filters, predicates, sortValue, skip, limit, direction);
  const searchTerms: SearchTerms = {
    term: null,
    firstName: null,
    lastName: null,
    company: null,
    emailAddress: null,
  };
  for (const f of filters) {
    if (f.field in searchTerms && typeof f.value === 'string')
      searchTerms[f.field as keyof SearchTerms] = f.value;
  }
  return {
    skip,
    limit,
    ...page,
    searchTerms,
    resultsFrom: filters.some((f) => f.field === 'term') ? 'Term' : 'Filter',
  };
}

/**
 * A page of every contact in the default order, read off the display-name index: no walk of the
 * collection, and the total is its count (issue: "counting for totalModels does not walk the whole
 * collection when no filter is given").
 */
function allContactsPage(store: StoreReader, skip: number, limit: number) {
  const ordered = store.sorted<ContactRecord>(CONTACTS_BY_DISPLAY_NAME, ALL_CONTACTS);
  const models: ContactRecord[] = [];
  for (let i = skip; i < Math.min(ordered.length, skip + limit); i += 1) models.push(ordered.at(i));
  return { totalModels: ordered.length, models };
}

/** The matches of the filters: candidates from the indexes, tested, counted, and sorted up to the page's end. */
function matchingPage(
  store: StoreReader,
  filters: readonly FieldFilter[],
  predicates: ReadonlyArray<{ filter: FieldFilter; test: Predicate }>,
  sortValue: (c: ContactRecord) => string | null | undefined,
  skip: number,
  limit: number,
  direction: Direction | null | undefined,
) {
  const candidates = candidatesOf(store, filters);
  const tests = predicates.filter((p) => p.filter !== candidates.decided).map((p) => p.test);
  const matches: Keyed[] = [];
  for (const c of candidates.contacts)
    if (tests.every((test) => test(c))) matches.push({ c, key: sortValue(c) ?? null });
  // Only the contacts up to the end of the page are put in order; the rest are only counted.
  const upToPage = firstSorted(matches, skip + limit, contactOrder(direction));
  return { totalModels: matches.length, models: upToPage.slice(skip).map((k) => k.c) };
}
