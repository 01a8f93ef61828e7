import type {
  MutationAddOpportunityActivityArgs,
  MutationAddOpportunityArgs,
  MutationRemoveOpportunityArgs,
} from '../../contract/types.generated.js';
import { ACTIVITIES, type ActivityRecord } from '../activities/model.js';
import { buildNewActivity } from '../activities/rules.js';
import type { RequestContext } from '../area.js';
import { recordEvents } from '../shared/change-events.js';
import { businessRuleError } from '../shared/errors.js';
import { newId, toIsoDate, toIsoDateTime } from '../shared/time.js';
import { MAX_LONG_TEXT, Validator } from '../shared/validation.js';
import {
  OPPORTUNITIES,
  OPPORTUNITY_REGARDING,
  OPPORTUNITY_TYPES,
  ORIGINATION_SOURCES,
  type OpportunityRecord,
} from './model.js';
import {
  apiUserId,
  checkCompany,
  checkIndustries,
  checkLookup,
  checkOpportunity,
  checkPerson,
  checkPracticeGroups,
  checkTags,
  firstStage,
  templateOf,
} from './rules.js';
import { changeEvents, trackedValues } from './write.js';

type Ctx = RequestContext;

/**
 * `addOpportunity`: the API user is the creator; the opportunity is open and starts in the
 * lowest stage of its type's template. Failures are GraphQL errors, nothing written.
 * Opening records DateOpenedChanged, CurrentStageChanged and StatusChanged: each value goes from
 * nothing to its first value, as the seeded history of every opportunity shows.
 */
export async function addOpportunity(_: unknown, args: MutationAddOpportunityArgs, ctx: Ctx) {
  const input = args.input;
  const written = await ctx.store.transact((tx) => {
    const v = new Validator();
    const title = v.requiredText('title', input.title);
    const description = v.optionalText('description', input.description, MAX_LONG_TEXT) ?? null;
    const type = input.opportunityTypeId
      ? checkLookup(
          v,
          tx,
          'opportunityTypeId',
          OPPORTUNITY_TYPES,
          input.opportunityTypeId,
          'opportunity type',
        )
      : (v.fail('opportunityTypeId', 'opportunityTypeId is required and cannot be empty.'), undefined);
    const company = (id: string | null | undefined, name: string) =>
      id ? (checkCompany(v, tx, name, id) ?? null) : null;
    const person = (id: string | null | undefined, name: string, employee: boolean) =>
      id ? (checkPerson(v, tx, name, id, employee) ?? null) : null;
    const targetCompanyId = company(input.targetCompanyId, 'targetCompanyId');
    const leadId = person(input.leadId, 'leadId', true);
    const source = input.originationSourceId
      ? checkLookup(
          v,
          tx,
          'originationSourceId',
          ORIGINATION_SOURCES,
          input.originationSourceId,
          'origination source',
        )
      : undefined;
    const originationSourceContactId = person(
      input.originationSourceContactId,
      'originationSourceContactId',
      false,
    );
    const originationSourceCompanyId = company(
      input.originationSourceCompanyId,
      'originationSourceCompanyId',
    );
    const now = ctx.now();
    const dateOpened = v.isoDate('dateOpened', input.dateOpened) ?? toIsoDate(now);
    const estimatedCloseDate = v.isoDate('estimatedCloseDate', input.estimatedCloseDate) ?? null;
    if (estimatedCloseDate !== null && estimatedCloseDate < dateOpened) {
      v.fail('estimatedCloseDate', 'estimatedCloseDate must not be before dateOpened.');
    }
    const practiceGroupIds = checkPracticeGroups(v, tx, 'practiceGroupIds', input.practiceGroupIds);
    const industryIds = checkIndustries(v, tx, 'industryIds', input.industryIds);
    const workTypeId = v.optionalText('workTypeId', input.workTypeId) ?? null;
    const tags = checkTags(v, 'tags', input.tags);
    if (!v.ok || title === undefined || !type) throw businessRuleError(v.errors);

    const stamp = toIsoDateTime(now);
    const stage = firstStage(templateOf(tx, type.id));
    const opp: OpportunityRecord = {
      id: newId(),
      title,
      description,
      creatorId: apiUserId(tx) ?? null,
      targetCompanyId,
      opportunityTypeId: type.id,
      originationSourceId: source?.id ?? null,
      originationSourceContactId,
      originationSourceCompanyId,
      leadId,
      principals: [],
      contacts: [],
      stageInstances: stage
        ? [{ id: newId(), stageOrder: stage.stageOrder, stageName: stage.stageName, timeEntered: stamp }]
        : [],
      estimatedCloseDate,
      dateOpened,
      actualCloseDate: null,
      status: 'open',
      outcomeId: null,
      outcomeReasonIds: [],
      matterId: null,
      initiativeIds: [],
      activityIds: [],
      practiceGroupIds,
      industryIds,
      workTypeId,
      isConfidential: input.isConfidential ?? false,
      tags,
      locations: [],
      createdAt: stamp,
      updatedAt: stamp,
    };
    const stored = tx.put(OPPORTUNITIES, opp);
    recordEvents(tx, ctx, changeEvents(opp.id, trackedValues(tx, undefined), trackedValues(tx, opp)));
    return stored;
  });
  // The answer is the record this request wrote: once the grouped disk write is done, the live store
  // may hold a later write or a reset's data instead (the simulator is the reference of comparisons).
  return written;
}

/**
 * `addOpportunityActivity` (A-47): one new activity per opportunity, stored in the activities area's
 * collection (so `activity(id)` and the linked contacts' activities show it) and listed by the
 * opportunity. The activity input is checked by the activities area's rules. All or nothing (A-10).
 */
export async function addOpportunityActivity(_: unknown, args: MutationAddOpportunityActivityArgs, ctx: Ctx) {
  const { opportunityIds, activity } = args.input;
  return ctx.store.transact((tx) => {
    const v = new Validator();
    if (opportunityIds.length === 0)
      v.fail('opportunityIds', 'opportunityIds must name at least one opportunity.');
    const targets: OpportunityRecord[] = [];
    opportunityIds.forEach((id, i) => {
      const opp = checkOpportunity(v, tx, `opportunityIds[${i}]`, id);
      if (opp && !targets.some((t) => t.id === opp.id)) targets.push(opp);
    });
    const built = activity
      ? buildNewActivity(tx, ctx, activity, 'activity.')
      : { errors: [{ propertyName: 'activity', message: 'activity is required.' }] };
    const errors = [...v.errors, ...built.errors];
    if (errors.length > 0 || !built.activity) throw businessRuleError(errors);

    const template: ActivityRecord = { ...built.activity, regarding: OPPORTUNITY_REGARDING };
    const stamp = toIsoDateTime(ctx.now());
    return targets.map((opp) => {
      const added = tx.put(ACTIVITIES, { ...template, id: newId() });
      tx.put(OPPORTUNITIES, { ...opp, activityIds: [...opp.activityIds, added.id], updatedAt: stamp });
      return { opportunityId: opp.id, activityId: added.id };
    });
  });
}

/** `removeOpportunity`: deletes the opportunity; its activities stay (they are the firm's records). */
export async function removeOpportunity(_: unknown, args: MutationRemoveOpportunityArgs, ctx: Ctx) {
  const errors = await ctx.store.transact((tx) => {
    const v = new Validator();
    const opp = checkOpportunity(v, tx, 'id', args.id);
    if (opp) tx.delete(OPPORTUNITIES, opp.id);
    return v.errors;
  });
  return { isSuccessful: errors.length === 0, validationErrors: errors };
}
