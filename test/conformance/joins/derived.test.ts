import { describe, expect, it } from '@jest/globals';
import { derivedFindings } from '../../../src/conformance/joins/derived.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const found = (document: string, data: unknown) =>
  derivedFindings(typedHolders(schema, { document }, data)).map((f) => [
    f.finding.expectationId,
    f.finding.path,
    f.finding.actual,
  ]);

describe('derivedFindings', () => {
  it("holds an initiative's progress to its status (A-45)", () => {
    const initiative = (status: unknown, progress: unknown) =>
      found('{ initiative(id: "i") { status progress } }', { initiative: { status, progress } });
    expect(initiative('open', 0)).toEqual([]);
    expect(initiative('closed', 100)).toEqual([]);
    expect(initiative(null, 50)).toEqual([]);
    expect(initiative('closed', 0)).toEqual([['planning-progress', 'data.initiative.progress', 0]]);
    expect(initiative('open', 100)).toEqual([['planning-progress', 'data.initiative.progress', 100]]);
  });

  const OBJECTIVE =
    '{ objective(id: "o") { status progress canClose initiatives { totalModels models { status } } } }';
  const objective = (
    status: string,
    progress: number,
    canClose: boolean,
    statuses: string[],
    total = statuses.length,
  ) =>
    found(OBJECTIVE, {
      objective: {
        status,
        progress,
        canClose,
        initiatives: { totalModels: total, models: statuses.map((s) => ({ status: s })) },
      },
    });

  it("holds an objective's progress to the share of its listed initiatives that is closed, either rounding (A-45)", () => {
    expect(objective('open', 0, true, [])).toEqual([]);
    expect(objective('open', 33, false, ['closed', 'open', 'open'])).toEqual([]);
    expect(objective('open', 34, false, ['closed', 'open', 'open'])).toEqual([]);
    expect(objective('open', 67, false, ['closed', 'closed', 'open'])).toEqual([]);
    expect(objective('open', 100, true, ['closed', 'closed'])).toEqual([]);
    expect(objective('open', 50, false, ['closed', 'open', 'open'])).toEqual([
      ['planning-progress', 'data.objective.progress', 50],
    ]);
    // a page that does not hold every initiative says nothing
    expect(objective('open', 50, false, ['closed', 'open', 'open'], 4)).toEqual([]);
  });

  it("holds an open objective's canClose to none of its listed initiatives being open (A-43)", () => {
    expect(objective('open', 50, false, ['closed', 'open'])).toEqual([]);
    expect(objective('closed', 50, false, ['closed', 'open'])).toEqual([]);
    expect(objective('open', 50, true, ['closed', 'open'])).toEqual([
      ['planning-can-close', 'data.objective.canClose', true],
    ]);
    expect(objective('open', 100, false, ['closed'])).toEqual([
      ['planning-can-close', 'data.objective.canClose', false],
    ]);
  });

  it("holds a note's noteId and notes to its id and text", () => {
    const DOC = '{ contact(id: "c") { notes { allNotes { models { id noteId text notes } } } } }';
    const note = (id: unknown, noteId: unknown, text: unknown, notes: unknown) =>
      found(DOC, { contact: { notes: { allNotes: { models: [{ id, noteId, text, notes }] } } } });
    expect(note('n', 'n', 'Met. Then lunch.', 'Met. Then lunch.')).toEqual([]);
    expect(note('n', 'm', 'Met. Then lunch.', 'Met.')).toEqual([
      ['same-as', 'data.contact.notes.allNotes.models[0].noteId', 'm'],
      ['same-as', 'data.contact.notes.allNotes.models[0].notes', 'Met.'],
    ]);
  });

  it('holds dates no write may put out of order to their order (A-43, A-44, A-47)', () => {
    const DOC =
      '{ opportunity(id: "o") { dateOpened estimatedCloseDate actualCloseDate } initiative(id: "i") { startDate endDate } }';
    const both = (opened: unknown, estimated: unknown, actual: unknown, start: unknown, end: unknown) =>
      found(DOC, {
        opportunity: { dateOpened: opened, estimatedCloseDate: estimated, actualCloseDate: actual },
        initiative: { startDate: start, endDate: end },
      });
    expect(both('2026-01-02', '2026-01-02', null, '2026-01-01', '2026-12-31')).toEqual([]);
    expect(both(null, '2020-01-01', null, null, '2020-01-01')).toEqual([]);
    expect(both('2026-01-02', '2026-01-01', '2026-01-03', '2026-02-01', '2026-01-31')).toEqual([
      ['date-order', 'data.opportunity.estimatedCloseDate', '2026-01-01'],
      ['date-order', 'data.initiative.endDate', '2026-01-31'],
    ]);
    expect(both('2026-01-02', '2026-03-01', '2026-01-01', null, null)).toEqual([
      ['date-order', 'data.opportunity.actualCloseDate', '2026-01-01'],
    ]);
  });

  it("holds a planning record's activity counts to the activities it lists (A-45)", () => {
    const DOC =
      '{ initiative(id: "i") { activityCounts { typeId activityCount } activities(limit: 10) { totalModels models { id typeId } } } }';
    const record = (counts: Array<[string, number]>, types: string[], total = types.length) =>
      found(DOC, {
        initiative: {
          activityCounts: counts.map(([typeId, activityCount]) => ({ typeId, activityCount })),
          activities: { totalModels: total, models: types.map((typeId, i) => ({ id: `a${i}`, typeId })) },
        },
      });
    expect(
      record(
        [
          ['call', 2],
          ['meeting', 1],
        ],
        ['call', 'meeting', 'call'],
      ),
    ).toEqual([]);
    expect(record([], [])).toEqual([]);
    expect(
      record(
        [
          ['call', 2],
          ['meeting', 3],
        ],
        ['call', 'meeting'],
        5,
      ),
    ).toEqual([]);
    expect(
      record(
        [
          ['call', 2],
          ['meeting', 2],
        ],
        ['call', 'meeting', 'call'],
      ),
    ).toEqual([['activity-counts', 'data.initiative.activityCounts', 4]]);
    expect(
      record(
        [
          ['call', 1],
          ['meeting', 2],
        ],
        ['call', 'meeting', 'call'],
      ),
    ).toEqual([['activity-counts', 'data.initiative.activityCounts', 1]]);
  });

  it("holds addContactsToLists' counts to its pairs (A-38)", () => {
    const DOC =
      'mutation { addContactsToLists(listIds: ["l"], contactIds: ["a", "b"]) { totalCount successCount skippedCount skippedContactIds } }';
    const counts = (
      totalCount: number,
      successCount: number,
      skippedCount: number,
      skippedContactIds: string[],
    ) => found(DOC, { addContactsToLists: { totalCount, successCount, skippedCount, skippedContactIds } });
    expect(counts(4, 3, 1, ['b'])).toEqual([]);
    expect(counts(4, 2, 2, ['b'])).toEqual([]);
    expect(counts(2, 2, 0, [])).toEqual([]);
    expect(counts(4, 3, 0, [])).toEqual([['bulk-counts', 'data.addContactsToLists.totalCount', 4]]);
    expect(counts(2, 2, 0, ['b'])).toEqual([
      ['bulk-counts', 'data.addContactsToLists.skippedContactIds', ['b']],
    ]);
    expect(counts(2, 1, 1, [])).toEqual([['bulk-counts', 'data.addContactsToLists.skippedContactIds', []]]);
  });

  it("holds a numeric field's minimum to at most its maximum (A-37)", () => {
    const bounds = (numericDataTypeMinValue: unknown, numericDataTypeMaxValue: unknown) =>
      found(
        '{ list(id: "l") { additionalFieldDefinitions { models { numericDataTypeMinValue numericDataTypeMaxValue } } } }',
        {
          list: {
            additionalFieldDefinitions: { models: [{ numericDataTypeMinValue, numericDataTypeMaxValue }] },
          },
        },
      );
    expect(bounds(0, 10)).toEqual([]);
    expect(bounds(5, 5)).toEqual([]);
    expect(bounds(null, 1)).toEqual([]);
    expect(bounds(10, 0)).toEqual([
      ['numeric-bounds', 'data.list.additionalFieldDefinitions.models[0].numericDataTypeMinValue', 10],
    ]);
  });
});
