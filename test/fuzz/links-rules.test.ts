// deriveLinks' rules, each fed a small contract of its own (test/fuzz/links.test.ts reads the real one).
import { describe, expect, it } from '@jest/globals';
import { buildSchema } from 'graphql';
import { deriveLinks } from '../../src/fuzz/links.js';

const SDL = `
  interface Contact { id: ID! }
  type Company implements Contact { id: ID! name: String }
  type Gadget { id: ID! title: String isDeleted: Boolean }
  type Widget {
    id: ID!
    title: String
    count: Int
    gadget: Gadget
    owner: Company
    relatedGadgets: [Gadget]
  }
  type WidgetResult { item: Widget success: Boolean }
  type Remove { isSuccessful: Boolean }
  type Widgets { totalModels: Int models: [Widget] }
  input AddWidgetInput { title: String! gadgetId: ID! ownerId: ID gadgetIds: [ID] kindId: ID! count: Int! }
  input AddGadgetInput { title: String }
  input AddCompanyInput { name: String }
  input UpdateWidgetInput { widgetId: ID! title: String gadgetIds: [ID] }
  input EditWidgetNeedsInput { id: ID! count: Int! }
  type Query {
    widget(id: ID!): Widget
    widgets(skip: Int, limit: Int): Widgets
    gadget(gadgetId: ID!): Gadget
    allWidgets: [Widget]
  }
  type Mutation {
    addWidget(input: AddWidgetInput!): WidgetResult
    addWidgetCopy(input: AddWidgetInput!): Widget
    addGadget(input: AddGadgetInput!): Gadget
    addCompany(input: AddCompanyInput!): Company
    removeWidget(id: ID!): Remove
    removeGadget(id: ID!): Boolean
    updateWidget(input: UpdateWidgetInput!): WidgetResult
    editWidgetNeeds(input: EditWidgetNeedsInput!): Widget
  }
`;

describe('deriveLinks on a small contract', () => {
  const links = deriveLinks(buildSchema(SDL));
  const widget = links.get('Widget');

  it('takes the first creation of a type, with the id path of a result wrapper', () => {
    expect(widget?.creation).toMatchObject({
      mutation: 'addWidget',
      inputType: 'AddWidgetInput',
      idPath: ['item', 'id'],
    });
    expect(links.get('Gadget')?.creation?.idPath).toEqual(['id']);
  });

  it('sorts input fields into references, echoed text, lookups and unfillable values', () => {
    expect(widget?.creation?.references).toEqual([
      { field: 'gadgetId', type: 'Gadget', required: true, list: false, readBack: 'gadget' },
      { field: 'ownerId', type: 'Company', required: false, list: false, readBack: 'owner' },
      { field: 'gadgetIds', type: 'Gadget', required: false, list: true, readBack: 'relatedGadgets' },
    ]);
    expect(widget?.creation?.echoed).toEqual([{ field: 'title', required: true }]);
    // kindId names no entity: a lookup the contract cannot fill; count has no generic value.
    expect(widget?.creation?.lookups).toEqual(['kindId']);
    expect(widget?.creation?.unfillable).toEqual(['count']);
  });

  it('finds the by-id read, the paged list, the removal and its result kind', () => {
    expect(widget).toMatchObject({ read: 'widget', list: 'widgets', softDelete: false });
    expect(widget?.remove).toEqual({ mutation: 'removeWidget', arg: 'id', result: 'isSuccessful' });
    expect(links.get('Gadget')).toMatchObject({
      read: 'gadget',
      softDelete: true,
      remove: { mutation: 'removeGadget', arg: 'id', result: 'boolean' },
    });
    expect(links.get('Gadget')?.list).toBeUndefined();
  });

  it('finds updates by their id field, with what they cannot fill', () => {
    expect(widget?.updates).toEqual([
      {
        mutation: 'updateWidget',
        inputType: 'UpdateWidgetInput',
        idField: 'widgetId',
        echoed: [{ field: 'title', required: false }],
        references: [
          { field: 'gadgetIds', type: 'Gadget', required: false, list: true, readBack: 'relatedGadgets' },
        ],
        unfillable: [],
        resultId: ['item', 'id'],
      },
      {
        mutation: 'editWidgetNeeds',
        inputType: 'EditWidgetNeedsInput',
        idField: 'id',
        echoed: [],
        references: [],
        unfillable: ['count'],
        resultId: ['id'],
      },
    ]);
  });

  it('lists created types only, never an interface they implement', () => {
    expect([...links.keys()].sort()).toEqual(['Company', 'Gadget', 'Widget']);
  });
});
