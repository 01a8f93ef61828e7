import type {
  ListClass,
  ListFilterInput,
  QueryFolderTypesArgs,
  QueryListArgs,
  QueryListsArgs,
  SortInput,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { badUserInput } from '../shared/errors.js';
import { sortDirection } from '../shared/sort-direction.js';
import { folderTypeInClass, inClasses } from './list-classes.js';
import { containsText, page, sortItems, type Page, type SortKey } from '../shared/paging.js';
import { ruleBroken } from '../shared/rule-switch.js';
import { FOLDER_TYPES, LISTS, type FolderTypeRecord, type ListRecord } from './model.js';

/** Sortable fields of `lists`; `name` is the default. */
const LIST_SORT_FIELDS: Record<string, (list: ListRecord) => string> = {
  name: (l) => l.name,
  ownerName: (l) => l.ownerName,
  creatorName: (l) => l.creatorName,
};

/** The lists `lists` and a contact's list fields can show: archived lists are hidden. */
export function visibleLists(store: StoreReader): ListRecord[] {
  const out: ListRecord[] = [];
  for (const list of store.all<ListRecord>(LISTS)) if (!list.archived) out.push(list);
  return out;
}

/** Sorts lists by name (ties by id), the order of every list-valued field. */
export function byName(lists: readonly ListRecord[]): ListRecord[] {
  return sortItems(lists, [{ value: (l) => l.name }]);
}

type ListPredicate = (list: ListRecord) => boolean;

/**
 * One `lists` filter as a predicate: `values` only for `listTypeIds`, `value` for every other
 * option; wrong use is a GraphQL error, as there is no `validationErrors` on the result. An entry with
 * neither filters nothing: the public client sends `{ field: name, value: $name }` with `$name`
 * unset when its user names no list, and expects every list.
 */
function listFilter(filter: ListFilterInput, i: number): ListPredicate {
  const hasValue = filter.value !== null && filter.value !== undefined;
  const hasValues = filter.values !== null && filter.values !== undefined;
  if (!hasValue && !hasValues) return () => true;
  if (filter.field === 'listTypeIds') {
    if (hasValue || !hasValues) {
      throw badUserInput(`filter[${i}]: the listTypeIds option takes "values", not "value".`);
    }
    const ids = new Set((filter.values ?? []).filter((v): v is string => typeof v === 'string'));
    return (l) => ids.has(l.folderTypeId);
  }
  if (hasValues || !hasValue) {
    throw badUserInput(`filter[${i}]: the ${filter.field} option takes "value", not "values".`);
  }
  const needle = filter.value;
  switch (filter.field) {
    case 'name':
      return (l) => containsText(l.name, needle);
    case 'description':
      return (l) => containsText(l.description, needle);
    case 'ownerName':
      return (l) => containsText(l.ownerName, needle);
    case 'creatorName':
      return (l) => containsText(l.creatorName, needle);
  }
}

/** The sort keys of a generic `SortInput` over lists: `lists` and `Contact.lists`. */
export function listSort(sort: SortInput | null | undefined): SortKey<ListRecord>[] {
  if (!sort) return [{ value: LIST_SORT_FIELDS.name! }];
  // Own keys only: a field named "__proto__" or "constructor" must not find Object.prototype's members.
  const value = Object.hasOwn(LIST_SORT_FIELDS, sort.field) ? LIST_SORT_FIELDS[sort.field] : undefined;
  if (!value) {
    throw badUserInput(
      `Unknown sort field "${sort.field}" for lists (expected ${Object.keys(LIST_SORT_FIELDS).join(', ')}).`,
    );
  }
  return [{ value, direction: sortDirection(sort.direction) }];
}

/** `lists`: the API user's lists of the given classes and list type, filtered, sorted and paged. */
export function lists(_: unknown, args: QueryListsArgs, ctx: RequestContext): Page<ListRecord> {
  const classes = new Set<ListClass>((args.listClass ?? []).filter((c): c is ListClass => c !== null));
  const predicates: ListPredicate[] = (args.filter ?? []).flatMap((f, i) => (f ? [listFilter(f, i)] : []));
  const keys = listSort(args.sort);
  const frequentOnly = args.listType === 'myFrequentlyUsed';
  const matched = visibleLists(ctx.store).filter(
    (l) => inClasses(l, classes) && (!frequentOnly || l.frequentlyUsed) && predicates.every((p) => p(l)),
  );
  return page(sortItems(matched, keys), args);
}

/** `list(id)`: any list by id, archived ones included (they are read-only, not gone). */
export function list(_: unknown, args: QueryListArgs, ctx: RequestContext): ListRecord | null {
  return ctx.store.get<ListRecord>(LISTS, args.id) ?? null;
}

/**
 * `folderTypes`: the active list types (§4.1), of at most one class (§7.6; more is a GraphQL error as
 * the result has no `validationErrors`). `checkSecurity` (1.4.0, default true) hides the types the API
 * user has no access to (§5.3); 1.2.0 has no such argument and always checks.
 */
export function folderTypes(
  _: unknown,
  args: QueryFolderTypesArgs,
  ctx: RequestContext,
): { totalModels: number; models: FolderTypeRecord[] } {
  const classes = [...new Set((args.listClass ?? []).filter((c): c is ListClass => c !== null))];
  // A rule-verification run may break the one-class rule (cited as §7.6 and §8/folderTypes-one-class).
  const oneClass = !ruleBroken(ctx, '§7.6') && !ruleBroken(ctx, '§8/folderTypes-one-class');
  if (classes.length > 1 && oneClass) {
    throw badUserInput(`folderTypes takes at most one list class per call (got ${classes.join(', ')}).`);
  }
  const checkSecurity = args.checkSecurity ?? true;
  const models = sortItems(
    [...ctx.store.all<FolderTypeRecord>(FOLDER_TYPES)].filter(
      (t) =>
        t.isActive &&
        (classes.length === 0 || classes.some((c) => folderTypeInClass(t, c))) &&
        (!checkSecurity || t.userHasAccess),
    ),
    [{ value: (t) => t.listClass }, { value: (t) => t.name }],
  );
  return { totalModels: models.length, models };
}
