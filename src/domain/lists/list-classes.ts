import type { ListClass } from '../../contract/types.generated.js';
import type { FolderTypeRecord, ListKind, ListRecord } from './model.js';

/**
 * The list classes of the public client as the classes the store holds: `MarketingList` and
 * `MarketingListWithSponsorship` split the marketing lists by whether their members carry sponsors,
 * `AllMarketingLists` is every marketing list, `WorkingList` every working list, `AllLists` every list.
 */
const CLIENT_CLASSES: Partial<Record<ListClass, (list: ListRecord) => boolean>> = {
  MarketingList: (l) => l.listClass === 'marketingLists' && !l.sponsorship,
  MarketingListWithSponsorship: (l) => l.listClass === 'marketingLists' && l.sponsorship === true,
  AllMarketingLists: (l) => l.listClass === 'marketingLists',
  WorkingList: (l) => l.listClass === 'workingLists',
  AllLists: () => true,
};

/** The stored folder-type classes each list class stands for (`contactTypes` stands for itself). */
const FOLDER_CLASSES: Record<ListClass, ReadonlyArray<ListClass>> = {
  contactTypes: ['contactTypes'],
  marketingLists: ['marketingLists'],
  workingLists: ['workingLists'],
  MarketingList: ['marketingLists'],
  MarketingListWithSponsorship: ['marketingLists'],
  AllMarketingLists: ['marketingLists'],
  WorkingList: ['workingLists'],
  AllLists: ['marketingLists', 'workingLists'],
};

/** Whether a list belongs to one of the requested classes (an empty set asks for every class). */
export function inClasses(list: ListRecord, classes: ReadonlySet<ListClass>): boolean {
  if (classes.size === 0) return true;
  for (const c of classes) {
    const test = CLIENT_CLASSES[c];
    if (test ? test(list) : list.listClass === c) return true;
  }
  return false;
}

/** Whether a folder type belongs to the requested list class. */
export function folderTypeInClass(type: FolderTypeRecord, listClass: ListClass): boolean {
  return FOLDER_CLASSES[listClass].includes(type.listClass);
}

/** The class `List.listClass` reports: the stored one. */
export function classOfList(list: ListRecord): ListKind {
  return list.listClass;
}
