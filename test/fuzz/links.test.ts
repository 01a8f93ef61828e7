// The links between operations, derived from the contract alone.
import { describe, expect, it } from '@jest/globals';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { eventViewOf } from '../../src/fuzz/entity-events.js';
import { generatedEntities } from '../../src/fuzz/entity-commands.js';
import { deriveLinks } from '../../src/fuzz/links.js';

describe('deriveLinks', () => {
  const v14 = deriveLinks(buildRevisionSchema('1.4.0'));

  it('finds how each entity is created, read, listed, changed and removed', () => {
    const opportunity = v14.get('Opportunity');
    expect(opportunity).toMatchObject({
      creation: { mutation: 'addOpportunity', inputType: 'AddOpportunityInput', idPath: ['id'] },
      read: 'opportunity',
      list: 'opportunities',
      remove: { mutation: 'removeOpportunity', arg: 'id', result: 'isSuccessful' },
      softDelete: false,
    });
    expect(opportunity?.updates.map((u) => [u.mutation, u.idField])).toContainEqual([
      'updateOpportunitySummary',
      'opportunityId',
    ]);
    expect(v14.get('Company')).toMatchObject({
      creation: { mutation: 'addCompany', idPath: ['item', 'id'] },
      read: 'company',
      updates: [{ mutation: 'updatePublicCompany', idField: 'id', echoed: [{ field: 'alias' }] }],
    });
    expect(v14.get('Company')?.remove).toBeUndefined();
    expect(v14.get('Objective')).toMatchObject({ list: 'objectives', softDelete: true });
    expect(v14.get('List')?.remove).toBeUndefined();
  });

  it('links an input field that takes an id to the entity it names and the field that shows it', () => {
    expect(v14.get('Opportunity')?.creation?.references).toContainEqual({
      field: 'targetCompanyId',
      type: 'Company',
      required: false,
      list: false,
      readBack: 'targetCompany',
    });
    expect(v14.get('Initiative')?.creation?.references).toContainEqual({
      field: 'objectiveId',
      type: 'Objective',
      required: true,
      list: false,
      readBack: 'objective',
    });
    expect(v14.get('Opportunity')?.creation?.lookups).toEqual(['opportunityTypeId']);
    // No field of the same name: the one field of that type ending with it shows the link.
    expect(
      v14.get('Opportunity')?.updates.find((u) => u.mutation === 'updateOpportunityLinks'),
    ).toMatchObject({
      idField: 'opportunityId',
      references: [
        { field: 'initiativeIds', type: 'Initiative', list: true, readBack: 'associatedInitiatives' },
      ],
    });
  });

  it('knows only what each revision has', () => {
    const v12 = deriveLinks(buildRevisionSchema('1.2.0'));
    expect(v12.has('Opportunity')).toBe(false);
    expect([...v12.keys()].sort()).toEqual(['Activity', 'Company', 'List', 'Person']);
  });

  it('generates commands for what is not hand-written, and creates unremovable things only when allowed', () => {
    const schema = buildRevisionSchema('1.4.0');
    expect(
      generatedEntities(schema, true)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['Company', 'Initiative', 'Objective', 'Opportunity', 'Person']);
    expect(
      generatedEntities(schema, false)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['Initiative', 'Objective', 'Opportunity']);
    expect(eventViewOf(schema, 'Opportunity')).toEqual({
      view: 'opportunityEventViews',
      filterType: 'OpportunityEventViewFilterInput',
      idsField: 'opportunityIds',
    });
    expect(eventViewOf(schema, 'Company')?.view).toBe('firmContactEventViews');
  });
});
