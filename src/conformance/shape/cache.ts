import { parse, type GraphQLSchema } from 'graphql';
import { compileShape, type CompiledShape } from './compile.js';

/** Most documents kept per schema; a long fuzz run sends many one-off documents, so the cache is bounded. */
const LIMIT = 2000;

const bySchema = new WeakMap<GraphQLSchema, Map<string, CompiledShape>>();

/**
 * The compiled shape of a document's text for one schema, compiled once: a scenario or fuzz
 * sequence sends the same documents again and again, and the same compiled shape object also lets
 * the shape checker reuse its compiled validator. A document that does not parse throws as `parse` does.
 */
export function compiledShapeOf(
  schema: GraphQLSchema,
  document: string,
  operationName?: string,
): CompiledShape {
  let cache = bySchema.get(schema);
  if (!cache) {
    cache = new Map();
    bySchema.set(schema, cache);
  }
  const key = `${operationName ?? ''}\n${document}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-inserted so the least recently used document is the first one dropped.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const compiled = compileShape(schema, parse(document), operationName);
  if (cache.size >= LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, compiled);
  return compiled;
}
