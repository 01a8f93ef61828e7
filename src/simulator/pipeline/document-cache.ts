import {
  Kind,
  specifiedRules,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type parse,
  type Source,
  type validate,
  type ValidationRule,
} from 'graphql';

/** Bounds of a {@link DocumentCache}; texts longer than `maxChars / 8` are never cached. */
export interface DocumentCacheBounds {
  /** Most documents kept. */
  maxEntries: number;
  /** Most characters of query text kept in total (an AST takes some tens of times its text). */
  maxChars: number;
  /**
   * A document of more operations than this is never kept: thousands of tiny named operations
   * make an AST a hundred times its text, and no client sends such a document twice.
   */
  maxOperations?: number;
}

/** Enough for every document of the conformance suite and a partner's client, a few MB at most. */
export const DEFAULT_CACHE_BOUNDS: DocumentCacheBounds = { maxEntries: 500, maxChars: 1_000_000 };

/** Operations a document defines. */
export function operationCount(document: DocumentNode): number {
  let count = 0;
  for (const def of document.definitions) if (def.kind === Kind.OPERATION_DEFINITION) count += 1;
  return count;
}

/** Whether `rules` are graphql-js's specified rules, in order (what graphql-http passes unless told otherwise). */
function isSpecifiedRules(rules: readonly ValidationRule[] | undefined): boolean {
  if (rules === undefined) return true;
  return rules.length === specifiedRules.length && rules.every((rule, i) => rule === specifiedRules[i]);
}

/**
 * Parsed and validated documents of one schema, by query text. Clients send the same few documents
 * over and over with different variables, and parsing plus validation (with the cost limits) took
 * about half of a request. Validation depends only on the schema and the document, never on
 * variables (the page-size limit, which does, is checked by the resolvers at execution), so a
 * document that passed once passes again; documents that failed are validated afresh each time, so
 * their errors are built exactly as before.
 */
export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();
  private readonly passed = new WeakSet<DocumentNode>();
  private chars = 0;

  constructor(private readonly bounds: DocumentCacheBounds = DEFAULT_CACHE_BOUNDS) {}

  /** Number of cached documents. */
  get size(): number {
    return this.documents.size;
  }

  /** `parseFn` behind the cache: a text seen before gets its document back, a new one is parsed by `parseFn`. */
  parser(parseFn: (source: string | Source) => DocumentNode): typeof parse {
    return (source) => {
      if (typeof source !== 'string') return parseFn(source);
      const cached = this.documents.get(source);
      if (cached) {
        // Re-inserting moves the entry to the young end: Map order is the recency order.
        this.documents.delete(source);
        this.documents.set(source, cached);
        return cached;
      }
      const document = parseFn(source);
      this.remember(source, document);
      return document;
    };
  }

  /** `validateFn` behind the cache, for the one schema this cache belongs to. */
  validator(schema: GraphQLSchema, validateFn: typeof validate): typeof validate {
    return (given, document, rules, options, typeInfo) => {
      const cacheable = given === schema && isSpecifiedRules(rules) && !options && !typeInfo;
      if (cacheable && this.passed.has(document)) return [];
      const errors: readonly GraphQLError[] = validateFn(given, document, rules, options, typeInfo);
      if (cacheable && errors.length === 0) this.passed.add(document);
      return errors;
    };
  }

  private remember(text: string, document: DocumentNode): void {
    if (text.length > this.bounds.maxChars / 8) return;
    if (this.bounds.maxOperations !== undefined && operationCount(document) > this.bounds.maxOperations)
      return;
    this.documents.set(text, document);
    this.chars += text.length;
    for (const [oldest, old] of this.documents) {
      if (this.documents.size <= this.bounds.maxEntries && this.chars <= this.bounds.maxChars) break;
      this.documents.delete(oldest);
      this.chars -= oldest.length;
      // A document that left the cache is parsed (and validated) afresh next time.
      this.passed.delete(old);
    }
  }
}
