import {
  defaultFieldResolver,
  GraphQLError,
  isObjectType,
  responsePathAsArray,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { limitError } from '../limits.js';

const METER = Symbol('response meter');

/** Fields resolved between two turns given back to the event loop, so other requests are served meanwhile. */
export const YIELD_EVERY = 2_000;

/** The resolved-field budget of one execution; it rides on the execution's root value. */
interface Meter {
  readonly maximum: number;
  readonly yieldEvery: number;
  left: number;
  untilYield: number;
  /** While set, the execution is paused until the event loop's next turn. */
  pause?: Promise<void>;
  /** Thrown by every field resolved once the budget is spent; it carries a path, so graphql-js never copies it. */
  exceeded?: GraphQLError;
}

/** A root value carrying a budget of `maximum` resolved fields (root resolvers never read the root value). */
export interface MeteredRoot {
  readonly [METER]: Meter;
}

/** A new root value with a budget of `maximum` resolved fields, giving the event loop a turn every `yieldEvery`. */
export function meteredRoot(maximum: number, yieldEvery = YIELD_EVERY): MeteredRoot {
  return { [METER]: { maximum, yieldEvery, left: maximum, untilYield: yieldEvery } };
}

/** The error for a response stopped at the cap, or undefined while within it. */
export function capError(root: MeteredRoot): GraphQLError | undefined {
  const meter = root[METER];
  if (!meter.exceeded) return undefined;
  return limitError(
    `The response would resolve more than ${meter.maximum} fields; select fewer fields or smaller pages.`,
    'responseFields',
    meter.maximum,
  );
}

const metered = new WeakSet<object>();

/**
 * Makes `field` count against the budget of the execution it runs in (none for a root value without
 * one: then it only calls the resolver). Once the budget is spent each field throws at once, so
 * execution stops growing the response. Every `yieldEvery` fields the execution pauses until the event
 * loop's next turn: every field it reaches meanwhile waits, so other requests' I/O is served between
 * slices and one large response never keeps them waiting. Changes `field` in place, once.
 */
function meterField(field: GraphQLField<unknown, unknown>): void {
  if (metered.has(field)) return;
  metered.add(field);
  const resolve = field.resolve ?? defaultFieldResolver;
  const meteredResolve: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
    const meter = (info.rootValue as Partial<MeteredRoot> | null | undefined)?.[METER];
    if (meter === undefined) return resolve(source, args, context, info);
    if (meter.exceeded) throw meter.exceeded;
    if (meter.pause) return meter.pause.then(() => meteredResolve(source, args, context, info));
    meter.left -= 1;
    if (meter.left < 0) {
      meter.exceeded = new GraphQLError('The response is over the cap.', {
        path: responsePathAsArray(info.path),
      });
      throw meter.exceeded;
    }
    meter.untilYield -= 1;
    if (meter.untilYield <= 0) {
      meter.pause = new Promise<void>((resume) =>
        setImmediate(() => {
          meter.pause = undefined;
          meter.untilYield = meter.yieldEvery;
          resume();
        }),
      );
    }
    return resolve(source, args, context, info);
  };
  field.resolve = meteredResolve;
}

/**
 * Meters every field `schema` can resolve, introspection included. The schema's own fields are changed
 * in place (give it a schema of its own, as the simulator's and the mock's are); graphql-js's
 * introspection types and meta fields are shared by every schema of the process, so they are changed
 * once for all, and behave as before wherever no budget rides on the root value.
 */
export function meterSchema(schema: GraphQLSchema): void {
  if (metered.has(schema)) return;
  metered.add(schema);
  for (const type of Object.values(schema.getTypeMap()))
    if (isObjectType(type)) for (const field of Object.values(type.getFields())) meterField(field);
  for (const field of [SchemaMetaFieldDef, TypeMetaFieldDef, TypeNameMetaFieldDef]) meterField(field);
}
