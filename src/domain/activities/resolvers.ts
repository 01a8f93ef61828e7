import type {
  ActivityLinkedActivityContactsArgs,
  MutationAddActivityArgs,
  MutationRemoveActivityArgs,
  MutationUpdateActivityArgs,
  QueryActivitiesArgs,
  QueryActivityArgs,
  QueryActivityTypesArgs,
} from '../../contract/types.generated.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import type { ContactRecord } from '../contacts/model.js';
import type { ValidationError } from '../shared/errors.js';
import type { PagingArgs } from '../shared/paging.js';
import {
  ACTIVITIES,
  DEFAULT_ACTIVITY_TYPE,
  DEFAULT_TYPE_KEY,
  type ActivityRecord,
  type ActivityTypeRecord,
} from './model.js';
import { activityDate, contactActivities, queryActivities, queryActivityTypes } from './queries.js';
import { addActivity, buildUpdatedActivity } from './rules.js';
import { linkedContacts, originatorOf, typeOf, type ActivityContactView } from './views.js';

type Ctx = RequestContext;

/** Fields `Activity` and `ActivityView` share, resolved from the stored record. */
const commonFields = {
  type: (a: ActivityRecord, _: unknown, ctx: Ctx) => typeOf(ctx.store, a)?.name ?? null,
  linkedActivityContacts: (a: ActivityRecord, args: ActivityLinkedActivityContactsArgs, ctx: Ctx) =>
    linkedContacts(ctx.store, a, args.contactType),
  originator: (a: ActivityRecord, _: unknown, ctx: Ctx) => originatorOf(ctx.store, a),
};

async function updateActivity(_: unknown, args: MutationUpdateActivityArgs, ctx: Ctx) {
  const outcome = await ctx.store.transact((tx) => {
    const { errors, activity } = buildUpdatedActivity(tx, ctx, args.input);
    if (!activity) return { errors };
    return { errors: [] as ValidationError[], activity: tx.put(ACTIVITIES, activity) };
  });
  // Answered from the record this request wrote, never read back after the grouped disk write: by then
  // the store may hold a concurrent update or a reset's data.
  if (!outcome.activity) return { validationErrors: outcome.errors, item: null };
  return { validationErrors: [], item: outcome.activity };
}

async function removeActivity(_: unknown, args: MutationRemoveActivityArgs, ctx: Ctx) {
  const removed = await ctx.store.transact((tx) => tx.delete(ACTIVITIES, args.id));
  return removed
    ? { isSuccessful: true, validationErrors: [] }
    : {
        isSuccessful: false,
        validationErrors: [{ propertyName: 'id', message: `No activity exists with id "${args.id}".` }],
      };
}

/** Queries, mutations and type fields of the activities area (spec §2.2, §4). */
export const activitiesResolvers: AreaResolvers = {
  Query: {
    activities: (_: unknown, args: QueryActivitiesArgs, ctx: Ctx) => queryActivities(ctx.store, args),
    activity: (_: unknown, args: QueryActivityArgs, ctx: Ctx) =>
      ctx.store.get<ActivityRecord>(ACTIVITIES, args.id) ?? null,
    activityTypes: (_: unknown, args: QueryActivityTypesArgs, ctx: Ctx) =>
      queryActivityTypes(ctx.store, args),
  },
  Mutation: {
    // Failures are GraphQL errors: addActivity throws before writing, which rolls the transaction back.
    addActivity: async (_: unknown, args: MutationAddActivityArgs, ctx: Ctx) => {
      // The record this request wrote (see updateActivity).
      return ctx.store.transact((tx) => addActivity(tx, ctx, args.input));
    },
    updateActivity,
    removeActivity,
  },
  Activity: {
    ...commonFields,
    typeGroup: (a: ActivityRecord, _: unknown, ctx: Ctx) => typeOf(ctx.store, a)?.groupName ?? null,
    activityStartDate: (a: ActivityRecord) => a.startDate,
  },
  ActivityView: {
    ...commonFields,
    date: (a: ActivityRecord) => activityDate(a),
  },
  ActivityContact: {
    __resolveType: (view: ActivityContactView) => `Activity${view.kind}`,
  },
  FirmSettings: {
    // The settings area's type; the default is the activity type flagged `isDefault`.
    defaultNewActivityTypeId: (_: unknown, __: unknown, ctx: Ctx) =>
      ctx.store.lookup<ActivityTypeRecord>(DEFAULT_ACTIVITY_TYPE, DEFAULT_TYPE_KEY)[0]?.id ?? null,
  },
  Person: {
    activities: (p: ContactRecord, args: PagingArgs, ctx: Ctx) => contactActivities(ctx.store, p.id, args),
  },
  Company: {
    activities: (c: ContactRecord, args: PagingArgs, ctx: Ctx) => contactActivities(ctx.store, c.id, args),
  },
};
