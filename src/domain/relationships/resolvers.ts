import type { AreaResolvers } from '../area.js';
import {
  addRelationship,
  addRelationshipForContacts,
  editRelationship,
  removeRelationship,
} from './mutations.js';
import {
  employeeRelationshipsToQuery,
  employeesWithRelationshipsToQuery,
  employeesWithRelationshipsToViewQuery,
  getIQRelationshipScore,
  getRelationshipInsights,
  relationshipTypes,
  targetPersonConnectionsQuery,
} from './queries.js';

/** Queries and mutations of the relationships area (spec §2.6, §4; all 1.4.0 only). */
export const relationshipResolvers: AreaResolvers = {
  Query: {
    relationshipTypes,
    employeeRelationshipsTo: employeeRelationshipsToQuery,
    employeesWithRelationshipsTo: employeesWithRelationshipsToQuery,
    employeesWithRelationshipsToView: employeesWithRelationshipsToViewQuery,
    getIQRelationshipScore,
    getRelationshipInsights,
    targetPersonConnections: targetPersonConnectionsQuery,
  },
  Mutation: {
    addRelationship,
    addRelationshipForContacts,
    editRelationship,
    removeRelationship,
  },
};
