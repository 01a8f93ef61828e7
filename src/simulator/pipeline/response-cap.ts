import {
  defaultFieldResolver,
  getNamedType,
  GraphQLError,
  isLeafType,
  isObjectType,
  responsePathAsArray,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import { limitError, type Limits } from '../limits.js';

const METER = Symbol('response meter');

/** Fields resolved between two turns given back to the event loop, so other requests are served meanwhile. */
export const YIELD_EVERY = 2_000;

/** Which of the response's budgets was spent, named as `extensions.limit` names it. */
type Spent = 'responseFields' | 'responseBytes';

/** The resolved-field and byte budgets of one execution; they ride on the execution's root value. */
interface Meter {
  readonly maximum: number;
  readonly maxBytes: number;
  readonly yieldEvery: number;
  left: number;
  bytesLeft: number;
  untilYield: number;
  /** While set, the execution is paused until the event loop's next turn. */
  pause?: Promise<void>;
  /** Thrown by every field resolved once the budget is spent; it carries a path, so graphql-js never copies it. */
  exceeded?: GraphQLError;
  spent?: Spent;
}

/** A root value carrying a budget of `maximum` resolved fields (root resolvers never read the root value). */
export interface MeteredRoot {
  readonly [METER]: Meter;
}

/** The budgets of one response: the limits it is metered against. */
export type ResponseBudget = Pick<Limits, 'maxResponseFields' | 'maxResponseBytes'>;

/**
 * A new root value with the budgets of `budget` (resolved fields and bytes), giving the event loop a
 * turn every `yieldEvery` fields.
 */
export function meteredRoot(budget: ResponseBudget, yieldEvery = YIELD_EVERY): MeteredRoot {
  const { maxResponseFields: maximum, maxResponseBytes: maxBytes } = budget;
  return {
    [METER]: { maximum, maxBytes, yieldEvery, left: maximum, bytesLeft: maxBytes, untilYield: yieldEvery },
  };
}

/** The error for a response stopped at a cap, or undefined while within both. */
export function capError(root: MeteredRoot): GraphQLError | undefined {
  const meter = root[METER];
  if (!meter.exceeded) return undefined;
  if (meter.spent === 'responseBytes') {
    return limitError(
      `The response would be larger than ${meter.maxBytes} bytes; select fewer fields or smaller pages.`,
      'responseBytes',
      meter.maxBytes,
    );
  }
  return limitError(
    `The response would resolve more than ${meter.maximum} fields; select fewer fields or smaller pages.`,
    'responseFields',
    meter.maximum,
  );
}

/**
 * About how many bytes `value`, a leaf field's resolved value, takes in the JSON answer. Strings count
 * their UTF-16 length: exact for ASCII, and a cheap bound that needs no pass over the text (the cap is a
 * guard against answers of hundreds of megabytes, not an exact size).
 */
function leafBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || value === undefined) return 4;
  if (Array.isArray(value)) {
    let bytes = 2;
    for (const item of value) bytes += leafBytes(item) + 1;
    return bytes;
  }
  // A custom scalar's object (a date, a JSON value) is serialized as its JSON.
  if (typeof value === 'object') return JSON.stringify(value)?.length ?? 4;
  return String(value).length;
}

/** Stops the execution once `meter`'s byte budget is spent: every field resolved after it throws. */
function spendBytes(meter: Meter, bytes: number, info: GraphQLResolveInfo): void {
  meter.bytesLeft -= bytes;
  if (meter.bytesLeft >= 0 || meter.exceeded) return;
  meter.spent = 'responseBytes';
  meter.exceeded = new GraphQLError('The response is over the cap.', {
    path: responsePathAsArray(info.path),
  });
  throw meter.exceeded;
}

const metered = new WeakSet<object>();

/**
 * Makes `field` count against the budgets of the execution it runs in (none for a root value without
 * them: then it only calls the resolver). A field costs one of the field budget and, of the byte budget,
 * its key and (for a leaf) its value, counted as resolved so the answer never grows past the cap before
 * it is stopped. Once a budget is spent each field throws at once, so execution stops growing the
 * response. Every `yieldEvery` fields the execution pauses until the event
 * loop's next turn: every field it reaches meanwhile waits, so other requests' I/O is served between
 * slices and one large response never keeps them waiting. Changes `field` in place, once.
 */
function meterField(field: GraphQLField<unknown, unknown>): void {
  if (metered.has(field)) return;
  metered.add(field);
  const resolve = field.resolve ?? defaultFieldResolver;
  const leaf = isLeafType(getNamedType(field.type));
  const meteredResolve: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
    const meter = (info.rootValue as Partial<MeteredRoot> | null | undefined)?.[METER];
    if (meter === undefined) return resolve(source, args, context, info);
    if (meter.exceeded) throw meter.exceeded;
    if (meter.pause) return meter.pause.then(() => meteredResolve(source, args, context, info));
    meter.left -= 1;
    if (meter.left < 0) {
      meter.spent = 'responseFields';
      meter.exceeded = new GraphQLError('The response is over the cap.', {
        path: responsePathAsArray(info.path),
      });
      throw meter.exceeded;
    }
    // `"key":` and, for an object, its braces; a leaf's value is counted once resolved.
    spendBytes(meter, String(info.path.key).length + 5, info);
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
    const value = resolve(source, args, context, info);
    if (!leaf) return value;
    if (value instanceof Promise) {
      return value.then((resolved: unknown) => {
        spendBytes(meter, leafBytes(resolved), info);
        return resolved;
      });
    }
    spendBytes(meter, leafBytes(value), info);
    return value;
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
