import type { PageFinding } from '../assert/pages.js';
import type { TypedHolder } from './typed-holders.js';

/**
 * The fields a record cannot exist without: what its add mutation requires and what follows
 * from it (an activity's subject, date and type, by id, by name and by class; a list's name and folder
 * type; an initiative's objective; an opportunity's title and type), the status every objective,
 * initiative and opportunity is in, who created an objective or initiative, the name of every look-up
 * a client offers in a picker, and the value an e-mail address or phone-number entry of a contact is. A
 * read of an existing record that answers one of them null has lost a column or a join, whatever data
 * the tenant holds. Only null is held: an empty text can be a tenant's own data.
 */
const DEFINING: Readonly<Record<string, readonly string[]>> = {
  Activity: ['subject', 'typeId', 'type', 'activityClass', 'activityStartDate'],
  ActivityView: ['subject', 'typeId', 'type', 'date'],
  List: ['name', 'listType', 'listClass'],
  Objective: ['name', 'status', 'createdBy', 'creatorId'],
  Initiative: ['name', 'status', 'objective', 'createdBy', 'creatorId'],
  Opportunity: ['title', 'status', 'opportunityType'],
  ActivityType: ['name'],
  ContactType: ['name'],
  Country: ['name'],
  FolderType: ['name'],
  AdditionalFieldDefinition: ['name'],
  Industry: ['name'],
  PracticeGroup: ['name'],
  ObjectiveType: ['name'],
  OpportunityType: ['name'],
  OpportunityOutcome: ['name'],
  RelationshipTypeDefinition: ['name'],
  EmailAddress: ['address'],
  PhoneNumber: ['number'],
};

/** Fields that join another record, which a removed record (`isDeleted: true`) may have lost with it. */
const JOINED = new Set(['objective', 'opportunityType', 'listType']);

/** Records of an answer that answer null for a field they cannot exist without, where it was asked. */
export function definingFindings(holders: readonly TypedHolder[]): PageFinding[] {
  const out: PageFinding[] = [];
  for (const holder of holders) {
    const removed = holder.fields.get('isDeleted') === true;
    for (const type of holder.types) {
      for (const field of DEFINING[type] ?? []) {
        if (removed && JOINED.has(field)) continue;
        if (!holder.fields.has(field) || holder.fields.get(field) !== null) continue;
        out.push({
          basis: ['§2.3', 'A-587'],
          finding: {
            expectationId: 'defining-field',
            path: `${holder.path}.${field}`,
            kind: 'value-mismatch',
            expected: `a ${type}'s ${field}`,
            actual: null,
            message: `a ${type} answers ${field} null: every ${type} has its ${field} (what it cannot be created or shown without)`,
          },
        });
      }
    }
  }
  return out;
}
