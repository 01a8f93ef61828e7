import { describe, expect, it } from '@jest/globals';
import { definingFindings } from '../../../src/conformance/joins/defining.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const paths = (document: string, data: unknown) =>
  definingFindings(typedHolders(schema, { document }, data)).map((f) => [f.finding.path, f.basis]);

describe('definingFindings', () => {
  it('finds nothing where every record answers its defining fields, empty texts and unasked fields included', () => {
    expect(
      paths('{ activities { models { id subject typeId } } lists { models { id } } }', {
        activities: { models: [{ id: 'a', subject: '', typeId: 't' }] },
        lists: { models: [{ id: 'l' }] },
      }),
    ).toEqual([]);
  });

  it('finds a null subject, a null look-up name and a null e-mail address under a contact', () => {
    expect(
      paths(
        '{ activities { models { subject } } activityTypes { models { name } } contact(id: "c") { emailAddresses { address } } }',
        {
          activities: { models: [{ subject: 'Lunch' }, { subject: null }] },
          activityTypes: { models: [{ name: null }] },
          contact: { emailAddresses: [{ address: 'a@b.c' }, { address: null }] },
        },
      ),
    ).toEqual([
      ['data.activities.models[1].subject', ['§2.3', 'A-587']],
      ['data.activityTypes.models[0].name', ['§2.3', 'A-587']],
      ['data.contact.emailAddresses[1].address', ['§2.3', 'A-587']],
    ]);
  });

  it('holds a field only where it was asked without arguments, and a null record not at all', () => {
    expect(paths('{ opportunity(id: "o") { title } }', { opportunity: null })).toEqual([]);
    expect(paths('{ opportunity(id: "o") { title } }', { opportunity: { title: null } })).toEqual([
      ['data.opportunity.title', ['§2.3', 'A-587']],
    ]);
  });

  it("holds an initiative's objective unless the initiative was removed", () => {
    const doc = '{ initiative(id: "i") { isDeleted objective { id } } }';
    expect(paths(doc, { initiative: { isDeleted: false, objective: null } })).toEqual([
      ['data.initiative.objective', ['§2.3', 'A-587']],
    ]);
    expect(paths(doc, { initiative: { isDeleted: true, objective: null } })).toEqual([]);
  });
});
