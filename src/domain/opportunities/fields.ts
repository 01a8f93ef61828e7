import type { OpportunityActivitiesArgs } from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { ACTIVITIES, type ActivityRecord } from '../activities/model.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import {
  EMAILS_BY_CONTACT,
  personFullName,
  type ContactRecord,
  type EmailRecord,
  findContact,
} from '../contacts/model.js';
import {
  INDUSTRIES,
  PRACTICE_GROUPS,
  type IndustryRecord,
  type PracticeGroupRecord,
} from '../settings/model.js';
import { MATTERS, type MatterRecord } from '../matters/model.js';
import { INITIATIVES, type InitiativeRecord } from '../planning/model.js';
import { page, sortItems } from '../shared/paging.js';
import {
  OPPORTUNITY_TYPES,
  ORIGINATION_SOURCES,
  OUTCOME_REASONS,
  OUTCOMES,
  REASONS_BY_OUTCOME,
  type OpportunityRecord,
  type OutcomeReasonRecord,
  type OutcomeRecord,
  type StageInstanceRecord,
} from './model.js';
import { isCurrentUserInvolved, isHidden, stageNameOf } from './rules.js';

type Ctx = RequestContext;
type Resolver<R> = (opp: OpportunityRecord, args: unknown, ctx: Ctx) => R;

const DAY_MS = 86_400_000;

/** A field that a hidden opportunity (A-47: confidential, user not involved) shows as null. */
function detail<R>(resolve: Resolver<R>): Resolver<R | null> {
  return (opp, args, ctx) => (isHidden(ctx.store, opp) ? null : resolve(opp, args, ctx));
}

/** Records of `collection` for `ids`, skipping ids that no longer exist. */
function existing<T extends { id: string }>(
  store: StoreReader,
  collection: string,
  ids: readonly string[],
): T[] {
  return ids.map((id) => store.get<T>(collection, id)).filter((x): x is T => x !== undefined);
}

/** whole days in the stage, until the next stage was entered or until now for the current one. */
function stageView(opp: OpportunityRecord, index: number, ctx: Ctx) {
  const instance = opp.stageInstances[index] as StageInstanceRecord;
  const next = opp.stageInstances[index + 1];
  const end = next ? Date.parse(next.timeEntered) : ctx.now().getTime();
  return {
    id: instance.id,
    opportunityId: opp.id,
    stageName: stageNameOf(ctx.store, opp, instance),
    stageOrder: instance.stageOrder,
    timeEntered: instance.timeEntered,
    timeSpent: Math.max(0, Math.floor((end - Date.parse(instance.timeEntered)) / DAY_MS)),
  };
}

/** The account name of a firm user: the local part of their first e-mail address. */
function accountName(store: StoreReader, person: ContactRecord): string {
  const email = store.lookup<EmailRecord>(EMAILS_BY_CONTACT, person.id)[0];
  if (email) return email.address.split('@')[0] ?? email.address;
  return [person.firstName, person.lastName]
    .filter((s) => s)
    .join('.')
    .toLowerCase();
}

function initiatives(store: StoreReader, opp: OpportunityRecord) {
  return existing<InitiativeRecord>(store, INITIATIVES, opp.initiativeIds).filter((i) => !i.isDeleted);
}

/** Active reasons of an outcome, by name. */
export function activeReasons(store: StoreReader, outcomeId: string): OutcomeReasonRecord[] {
  const reasons = store.lookup<OutcomeReasonRecord>(REASONS_BY_OUTCOME, outcomeId).filter((r) => r.isActive);
  return sortItems(reasons, [{ value: (r) => r.name }]);
}

/** Fields of `Opportunity` and its nested lookup types, resolved from the stored records. */
export const opportunityFields: AreaResolvers = {
  Opportunity: {
    description: detail((o) => o.description),
    targetCompany: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      findContact(ctx.store, o.targetCompanyId, 'Company') ?? null,
    opportunityType: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      ctx.store.get(OPPORTUNITY_TYPES, o.opportunityTypeId) ?? null,
    actualOutcome: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      o.outcomeId ? (ctx.store.get(OUTCOMES, o.outcomeId) ?? null) : null,
    actualOutcomeReason: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      existing(ctx.store, OUTCOME_REASONS, o.outcomeReasonIds)[0] ?? null,
    associatedOutcomeReasons: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      existing<OutcomeReasonRecord>(ctx.store, OUTCOME_REASONS, o.outcomeReasonIds).map((reason) => ({
        id: reason.id,
        name: reason.name,
        opportunityId: o.id,
        outcomeId: reason.outcomeId,
        outcomeReason: reason,
        outcome: ctx.store.get(OUTCOMES, reason.outcomeId) ?? null,
      })),
    originationSource: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      o.originationSourceId ? (ctx.store.get(ORIGINATION_SOURCES, o.originationSourceId) ?? null) : null,
    originationSourceContact: detail(
      (o, _, ctx) => findContact(ctx.store, o.originationSourceContactId, 'Person') ?? null,
    ),
    originationSourceCompany: detail(
      (o, _, ctx) => findContact(ctx.store, o.originationSourceCompanyId, 'Company') ?? null,
    ),
    associatedPrincipals: detail((o, _, ctx) =>
      o.principals.flatMap((p) => {
        const person = findContact(ctx.store, p.leadId, 'Person') ?? null;
        if (!person) return [];
        return [
          {
            opportunityId: o.id,
            accountName: accountName(ctx.store, person),
            isGroup: false,
            isPrimary: p.isPrimary,
            fullName: personFullName(person) || person.displayName,
            leadId: p.leadId,
          },
        ];
      }),
    ),
    associatedContacts: detail((o, _, ctx) =>
      o.contacts.map((c) => ({
        opportunityId: o.id,
        contactId: c.contactId,
        person: findContact(ctx.store, c.contactId, 'Person') ?? null,
        isPrimary: c.isPrimary,
      })),
    ),
    stageInstances: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      o.stageInstances.map((_instance, i) => stageView(o, i, ctx)),
    currentStage: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      o.stageInstances.length > 0 ? stageView(o, o.stageInstances.length - 1, ctx) : null,
    associatedMatter: detail((o, _, ctx) => {
      const matter = o.matterId ? ctx.store.get<MatterRecord>(MATTERS, o.matterId) : undefined;
      return matter ? { id: matter.id, name: matter.name, number: matter.number } : null;
    }),
    associatedInitiative: detail((o, _, ctx) => initiatives(ctx.store, o)[0] ?? null),
    associatedInitiatives: detail((o, _, ctx) => initiatives(ctx.store, o)),
    activities: detail((o, args, ctx) => {
      const own = existing<ActivityRecord>(ctx.store, ACTIVITIES, o.activityIds);
      // Newest first, as a contact's activities are listed.
      const sorted = sortItems(own, [{ value: (a) => a.startDate, direction: 'Descending' }]);
      return page(sorted, args as OpportunityActivitiesArgs);
    }),
    practiceGroups: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      existing<PracticeGroupRecord>(ctx.store, PRACTICE_GROUPS, o.practiceGroupIds),
    industries: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      existing<IndustryRecord>(ctx.store, INDUSTRIES, o.industryIds),
    shouldBeHidden: (o: OpportunityRecord, _: unknown, ctx: Ctx) => isHidden(ctx.store, o),
    isCurrentUserInvolved: (o: OpportunityRecord, _: unknown, ctx: Ctx) =>
      isCurrentUserInvolved(ctx.store, o),
    lead: detail((o, _, ctx) => findContact(ctx.store, o.leadId, 'Person') ?? null),
  },
  OpportunityOutcome: {
    reasons: (outcome: OutcomeRecord, _: unknown, ctx: Ctx) => activeReasons(ctx.store, outcome.id),
  },
};
