import type { AreaResolvers } from '../area.js';
import {
  addAdditionalFieldDefinition,
  editAdditionalFieldDefinition,
  removeAdditionalFieldDefinition,
  updateListContactAdditionalFields,
} from './field-mutations.js';
import {
  addList,
  addWorkingList,
  editListDetails,
  editWorkingListDetails,
  removeWorkingList,
} from './list-mutations.js';
import { addContactsToLists, removeContactFromLists, removeContactsFromList } from './member-mutations.js';
import { folderTypes, list, lists } from './queries.js';
import { typeResolvers } from './fields.js';

/** Queries, mutations and type fields of the lists area. */
export const listsResolvers: AreaResolvers = {
  Query: { lists, list, folderTypes },
  Mutation: {
    addList,
    addWorkingList,
    editListDetails,
    editWorkingListDetails,
    removeWorkingList,
    addContactsToLists,
    removeContactFromLists,
    removeContactsFromList,
    addAdditionalFieldDefinition,
    editAdditionalFieldDefinition,
    removeAdditionalFieldDefinition,
    updateListContactAdditionalFields,
  },
  ...typeResolvers,
};
