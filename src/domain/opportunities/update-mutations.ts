import { checkLocations } from '../settings/locations.js';
import type {
  MutationUpdateOpportunityConfidentialArgs,
  MutationUpdateOpportunityDetailsArgs,
  MutationUpdateOpportunityLinksArgs,
  MutationUpdateOpportunityLocationsArgs,
  MutationUpdateOpportunityPeopleArgs,
  MutationUpdateOpportunityStageInstancesArgs,
  MutationUpdateOpportunityStatusArgs,
  MutationUpdateOpportunitySummaryArgs,
} from '../../contract/types.generated.js';
import type { RequestContext } from '../area.js';
import { businessRuleError } from '../shared/errors.js';
import { newId, toIsoDate, toIsoDateTime } from '../shared/time.js';
import { MAX_LONG_TEXT } from '../shared/validation.js';
import {
  OPPORTUNITIES,
  OPPORTUNITY_TYPES,
  ORIGINATION_SOURCES,
  OUTCOME_REASONS,
  OUTCOMES,
  type OpportunityContactRecord,
  type OpportunityRecord,
  type OutcomeRecord,
  type PrincipalRecord,
} from './model.js';
import {
  checkCompany,
  checkIndustries,
  checkInitiatives,
  checkLookup,
  checkMatter,
  checkPerson,
  checkPracticeGroups,
  checkTags,
  currentInstance,
  templateOf,
} from './rules.js';
import { updateOpportunity, type Change, type WriteOutcome } from './write.js';

type Ctx = RequestContext;

/** Results of the updates that return only `{ opportunityId }`: failures are GraphQL errors. */
function idOnly(outcome: WriteOutcome) {
  if (outcome.errors) throw businessRuleError(outcome.errors);
  return { opportunityId: outcome.id };
}

/** Results shaped `{ id, validationErrors }`. */
function idWithErrors(outcome: WriteOutcome) {
  return outcome.errors
    ? { id: null, validationErrors: outcome.errors }
    : { id: outcome.id, validationErrors: [] };
}

/**
 * An update of one opportunity (`input.opportunityId`) in one transaction: `change` makes the new record
 * (see `updateOpportunity`), `answer` shapes the result.
 */
function opportunityUpdate<I extends { opportunityId: string }, R>(
  answer: (outcome: WriteOutcome) => R,
  change: (input: I, ctx: Ctx, ...args: Parameters<Change>) => ReturnType<Change>,
): (_: unknown, args: { input: I }, ctx: Ctx) => Promise<R> {
  return async (_, { input }, ctx) =>
    answer(await updateOpportunity(ctx, input.opportunityId, (v, tx, opp) => change(input, ctx, v, tx, opp)));
}

/** `updateOpportunityConfidential`: sets `isConfidential`; the user must be involved to change it. */
export async function updateOpportunityConfidential(
  _: unknown,
  args: MutationUpdateOpportunityConfidentialArgs,
  ctx: Ctx,
) {
  const { opportunityId, isConfidential } = args.input;
  const outcome = await updateOpportunity(ctx, opportunityId, (_v, _tx, opp) => ({ ...opp, isConfidential }));
  if (outcome.errors) return { opportunityId: null, isConfidential: null, validationErrors: outcome.errors };
  const stored = ctx.store.get<OpportunityRecord>(OPPORTUNITIES, outcome.id);
  return { opportunityId: outcome.id, isConfidential: stored?.isConfidential ?? null, validationErrors: [] };
}

/**
 * `updateOpportunityDetails`: type, origination, practice groups, industries, work type; omitted
 * fields keep their value, an explicit null clears (the required type cannot be cleared). Inactive
 * lookup values are accepted only when the opportunity already has them.
 */
export async function updateOpportunityDetails(
  _: unknown,
  args: MutationUpdateOpportunityDetailsArgs,
  ctx: Ctx,
) {
  const input = args.input;
  const change: Change = (v, tx, opp) => {
    const next = { ...opp };
    if (input.opportunityTypeId === null) {
      v.fail('opportunityTypeId', 'opportunityTypeId cannot be cleared: every opportunity has a type.');
    } else if (input.opportunityTypeId !== undefined) {
      const type = checkLookup(
        v,
        tx,
        'opportunityTypeId',
        OPPORTUNITY_TYPES,
        input.opportunityTypeId,
        'opportunity type',
        [opp.opportunityTypeId],
      );
      if (type) next.opportunityTypeId = type.id;
    }
    if (input.originationSourceId !== undefined) {
      next.originationSourceId = input.originationSourceId
        ? (checkLookup(
            v,
            tx,
            'originationSourceId',
            ORIGINATION_SOURCES,
            input.originationSourceId,
            'origination source',
            [opp.originationSourceId],
          )?.id ?? null)
        : null;
    }
    if (input.originationSourceContactId !== undefined) {
      next.originationSourceContactId = input.originationSourceContactId
        ? (checkPerson(v, tx, 'originationSourceContactId', input.originationSourceContactId, false) ?? null)
        : null;
    }
    if (input.originationSourceCompanyId !== undefined) {
      next.originationSourceCompanyId = input.originationSourceCompanyId
        ? (checkCompany(v, tx, 'originationSourceCompanyId', input.originationSourceCompanyId) ?? null)
        : null;
    }
    if (input.practiceGroupIds !== undefined) {
      next.practiceGroupIds = checkPracticeGroups(v, tx, 'practiceGroupIds', input.practiceGroupIds);
    }
    if (input.industryIds !== undefined)
      next.industryIds = checkIndustries(v, tx, 'industryIds', input.industryIds);
    if (input.workTypeId !== undefined)
      next.workTypeId = v.optionalText('workTypeId', input.workTypeId) ?? null;
    return next;
  };
  return idOnly(await updateOpportunity(ctx, input.opportunityId, change));
}

/** `updateOpportunityLinks`: the matter (null removes it) and the initiatives (replace). */
export async function updateOpportunityLinks(_: unknown, args: MutationUpdateOpportunityLinksArgs, ctx: Ctx) {
  const input = args.input;
  const outcome = await updateOpportunity(ctx, input.opportunityId, (v, tx, opp) => {
    const next = { ...opp };
    if (input.matterId !== undefined) {
      next.matterId = input.matterId ? (checkMatter(v, tx, 'matterId', input.matterId) ?? null) : null;
    }
    if (input.initiativeIds !== undefined) {
      next.initiativeIds = checkInitiatives(v, tx, 'initiativeIds', input.initiativeIds);
    }
    return next;
  });
  return outcome.errors
    ? { item: null, validationErrors: outcome.errors }
    : { item: { opportunityId: outcome.id }, validationErrors: [] };
}

/** `updateOpportunityLocations`: replaces the locations. */
export const updateOpportunityLocations = opportunityUpdate(
  idOnly,
  (input: MutationUpdateOpportunityLocationsArgs['input'], _ctx, v, tx, opp) => ({
    ...opp,
    locations: checkLocations(v, tx, 'locations', input.locations),
  }),
);

/** At most one entry of a people list may be primary. */
function onePrimary(
  v: Parameters<Change>[0],
  propertyName: string,
  entries: ReadonlyArray<{ isPrimary: boolean }>,
) {
  if (entries.filter((e) => e.isPrimary).length > 1) {
    v.fail(propertyName, `At most one entry of ${propertyName} can be primary.`);
  }
}

/**
 * A given people list (principals or contacts), entry by entry: each id names a person (a firm
 * employee when `employee`), a duplicate keeps its first entry, and at most one entry is primary.
 */
function checkPeople(
  v: Parameters<Change>[0],
  tx: Parameters<Change>[1],
  propertyName: string,
  idField: string,
  given: ReadonlyArray<{ id: string; isPrimary?: boolean | null }>,
  employee: boolean,
): { id: string; isPrimary: boolean }[] {
  const people: { id: string; isPrimary: boolean }[] = [];
  given.forEach((p, i) => {
    const id = checkPerson(v, tx, `${propertyName}[${i}].${idField}`, p.id, employee);
    if (id && !people.some((x) => x.id === id)) people.push({ id, isPrimary: p.isPrimary ?? false });
  });
  onePrimary(v, propertyName, people);
  return people;
}

/**
 * `updateOpportunityPeople`: the lead (a firm employee; null clears), the principals (firm
 * employees) and the contacts (people); given lists replace, duplicates keep their first entry.
 */
export const updateOpportunityPeople = opportunityUpdate(
  idWithErrors,
  (input: MutationUpdateOpportunityPeopleArgs['input'], _ctx, v, tx, opp) => {
    const next = { ...opp };
    if (input.leadId !== undefined) {
      next.leadId = input.leadId ? (checkPerson(v, tx, 'leadId', input.leadId, true) ?? null) : null;
    }
    if (input.principals !== undefined) {
      const given = (input.principals ?? []).map((p) => ({ id: p.leadId, isPrimary: p.isPrimary }));
      next.principals = checkPeople(v, tx, 'principals', 'leadId', given, true).map(
        ({ id, isPrimary }): PrincipalRecord => ({ leadId: id, isPrimary }),
      );
    }
    if (input.contacts !== undefined) {
      const given = (input.contacts ?? []).map((c) => ({ id: c.contactId, isPrimary: c.isPrimary }));
      next.contacts = checkPeople(v, tx, 'contacts', 'contactId', given, false).map(
        ({ id, isPrimary }): OpportunityContactRecord => ({ contactId: id, isPrimary }),
      );
    }
    return next;
  },
);

/**
 * `updateOpportunityStageInstances`: enters a stage of the type's template. Entering the current
 * stage again changes nothing; `timeEntered` (default now) may not precede the current stage's entry
 * nor lie in the future, so the latest instance is always the current stage.
 */
export const updateOpportunityStageInstances = opportunityUpdate(
  idOnly,
  (input: MutationUpdateOpportunityStageInstancesArgs['input'], ctx, v, tx, opp) => {
    const stage = templateOf(tx, opp.opportunityTypeId)?.stages.find(
      (s) => s.stageOrder === input.stageOrder,
    );
    if (!stage) {
      v.fail(
        'stageOrder',
        `The stage template of this opportunity's type has no stage with order ${input.stageOrder}.`,
      );
    }
    const now = ctx.now();
    let entered = toIsoDateTime(now);
    const current = currentInstance(opp);
    if (input.timeEntered !== null && input.timeEntered !== undefined) {
      const ms = Date.parse(input.timeEntered);
      if (Number.isNaN(ms)) v.fail('timeEntered', 'timeEntered must be an ISO 8601 date-time.');
      else if (ms > now.getTime()) v.fail('timeEntered', 'timeEntered must not be in the future.');
      else if (current && ms < Date.parse(current.timeEntered)) {
        v.fail('timeEntered', 'timeEntered must not be before the time the current stage was entered.');
      } else entered = new Date(ms).toISOString();
    }
    if (!stage || !v.ok) return undefined;
    if (current?.stageOrder === stage.stageOrder) return opp;
    return {
      ...opp,
      stageInstances: [
        ...opp.stageInstances,
        { id: newId(), stageOrder: stage.stageOrder, stageName: stage.stageName, timeEntered: entered },
      ],
    };
  },
);

/**
 * `updateOpportunityStatus`: closing needs an outcome, takes its reasons (active ones,
 * or ones the opportunity already has) and sets `actualCloseDate` (default today, not before
 * `dateOpened`); reopening clears all three. Closing a closed opportunity again replaces its outcome.
 */
export const updateOpportunityStatus = opportunityUpdate(
  idWithErrors,
  (input: MutationUpdateOpportunityStatusArgs['input'], ctx, v, tx, opp) => {
    if (input.status === 'open') {
      if (input.outcomeId) v.fail('outcomeId', 'An outcome can be given only when closing the opportunity.');
      if (input.outcomeReasonIds?.length) {
        v.fail('outcomeReasonIds', 'Outcome reasons can be given only when closing the opportunity.');
      }
      if (input.actualCloseDate) {
        v.fail('actualCloseDate', 'actualCloseDate can be given only when closing the opportunity.');
      }
      return { ...opp, status: 'open', outcomeId: null, outcomeReasonIds: [], actualCloseDate: null };
    }
    let result: OutcomeRecord | undefined;
    if (!input.outcomeId) v.fail('outcomeId', 'An outcome is required to close an opportunity.');
    else {
      result = tx.get<OutcomeRecord>(OUTCOMES, input.outcomeId);
      if (!result) v.fail('outcomeId', `No opportunity outcome exists with id "${input.outcomeId}".`);
    }
    const reasonIds: string[] = [];
    (input.outcomeReasonIds ?? []).forEach((id, i) => {
      if (id === null || id === undefined) return;
      const at = `outcomeReasonIds[${i}]`;
      const reason = checkLookup(v, tx, at, OUTCOME_REASONS, id, 'outcome reason', opp.outcomeReasonIds);
      if (!reason) return;
      if (result && reason.outcomeId !== result.id) {
        v.fail(at, `The outcome reason "${reason.name}" is not a reason of the outcome "${result.name}".`);
      } else if (!reasonIds.includes(id)) reasonIds.push(id);
    });
    const closeDate = v.isoDate('actualCloseDate', input.actualCloseDate) ?? toIsoDate(ctx.now());
    if (closeDate < opp.dateOpened)
      v.fail('actualCloseDate', 'actualCloseDate must not be before dateOpened.');
    if (!result) return undefined;
    return {
      ...opp,
      status: 'closed',
      outcomeId: result.id,
      outcomeReasonIds: reasonIds,
      actualCloseDate: closeDate,
    };
  },
);

/**
 * `updateOpportunitySummary`: title, description, dates and tags. Omitted fields keep their
 * value; an explicit null clears description, estimatedCloseDate and tags, but the title and
 * dateOpened cannot be cleared.
 */
export const updateOpportunitySummary = opportunityUpdate(
  idOnly,
  (input: MutationUpdateOpportunitySummaryArgs['input'], _ctx, v, _tx, opp) => {
    const next = { ...opp };
    if (input.title !== undefined) {
      const title = v.requiredText('title', input.title);
      if (title !== undefined) next.title = title;
    }
    if (input.description !== undefined) {
      next.description = v.optionalText('description', input.description, MAX_LONG_TEXT) ?? null;
    }
    if (input.dateOpened === null) v.fail('dateOpened', 'dateOpened cannot be cleared.');
    else if (input.dateOpened !== undefined) {
      const date = v.isoDate('dateOpened', input.dateOpened);
      if (date !== undefined) next.dateOpened = date;
    }
    if (input.estimatedCloseDate !== undefined) {
      next.estimatedCloseDate = v.isoDate('estimatedCloseDate', input.estimatedCloseDate) ?? null;
    }
    // A date pair that no longer fits is reported on the field the client gave.
    const blame = input.estimatedCloseDate !== undefined ? 'estimatedCloseDate' : 'dateOpened';
    if (next.estimatedCloseDate !== null && next.estimatedCloseDate < next.dateOpened) {
      v.fail(blame, 'estimatedCloseDate must not be before dateOpened.');
    }
    if (next.actualCloseDate !== null && next.actualCloseDate < next.dateOpened) {
      v.fail('dateOpened', 'dateOpened must not be after the actualCloseDate of the closed opportunity.');
    }
    if (input.tags !== undefined) next.tags = checkTags(v, 'tags', input.tags);
    return next;
  },
);
