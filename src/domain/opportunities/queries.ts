import type {
  OpportunityFilterInput,
  OpportunitySortInput,
  QueryOpportunitiesArgs,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { badUserInput } from '../shared/errors.js';
import { dateRange, idSet } from '../shared/filter.js';
import { containsText, page, sortItems, type SortKey } from '../shared/paging.js';
import { OPPORTUNITIES, type OpportunityRecord } from './model.js';
import { isHidden } from './rules.js';

const SORT_VALUES: Record<OpportunitySortInput['field'], (o: OpportunityRecord) => string | null> = {
  title: (o) => o.title,
  dateOpened: (o) => o.dateOpened,
  estimatedCloseDate: (o) => o.estimatedCloseDate,
  status: (o) => o.status,
};

/** Sort keys (A-34); without a sort the list is ordered by title (A-42's default `name`), ties by id. */
function sortKeys(
  sort: ReadonlyArray<OpportunitySortInput> | null | undefined,
): SortKey<OpportunityRecord>[] {
  if (!sort || sort.length === 0) return [{ value: SORT_VALUES.title }];
  return sort.map((entry, i) => {
    const value = entry ? SORT_VALUES[entry.field] : undefined;
    if (!value) throw badUserInput(`sort[${i}].field must be one of ${Object.keys(SORT_VALUES).join(', ')}.`);
    return { value, direction: entry.direction ?? 'Ascending' };
  });
}

/**
 * Opportunities matching every given filter field (A-47, combined with AND). The lead of a hidden
 * opportunity is not shown, so `leadIds` does not find it either (the filter must not reveal it).
 */
export function filterOpportunities(
  store: StoreReader,
  filter: OpportunityFilterInput | null | undefined,
): OpportunityRecord[] {
  const ids = idSet(filter?.ids);
  const statuses = filter?.statuses?.length ? new Set<string>(filter.statuses) : undefined;
  const typeIds = idSet(filter?.opportunityTypeIds);
  const companyIds = idSet(filter?.targetCompanyIds);
  const leadIds = idSet(filter?.leadIds);
  const { from, to } = dateRange(filter?.dateOpened, 'filter.dateOpened');
  const candidates = ids
    ? [...ids].map((id) => store.get<OpportunityRecord>(OPPORTUNITIES, id)).filter((o) => o !== undefined)
    : [...store.all<OpportunityRecord>(OPPORTUNITIES)];
  return candidates.filter((o) => {
    if (!containsText(o.title, filter?.title)) return false;
    if (statuses && !statuses.has(o.status)) return false;
    if (typeIds && !typeIds.has(o.opportunityTypeId)) return false;
    if (companyIds && !(o.targetCompanyId !== null && companyIds.has(o.targetCompanyId))) return false;
    if (leadIds && (o.leadId === null || !leadIds.has(o.leadId) || isHidden(store, o))) return false;
    if (from !== null && o.dateOpened < from) return false;
    if (to !== null && o.dateOpened > to) return false;
    return true;
  });
}

/** `opportunities`: filtered, sorted (ties by id) and paged, with the total of the whole match. */
export function queryOpportunities(store: StoreReader, args: QueryOpportunitiesArgs) {
  const keys = sortKeys(args.sort);
  const { totalModels, models } = page(sortItems(filterOpportunities(store, args.filter), keys), args);
  return { totalModels, models };
}
