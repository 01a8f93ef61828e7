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
    tx.put(ACTIVITIES, activity);
    return { errors: [] as ValidationError[], id: activity.id };
  });
  if (!outcome.id) return { validationErrors: outcome.errors, item: null };
  return { validationErrors: [], item: ctx.store.get<ActivityRecord>(ACTIVITIES, outcome.id) ?? null };
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
      const id = await ctx.store.transact((tx) => addActivity(tx, ctx, args.input).id);
      return ctx.store.get<ActivityRecord>(ACTIVITIES, id) ?? null;
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
