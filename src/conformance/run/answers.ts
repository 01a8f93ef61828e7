import { createHash } from 'node:crypto';
import type { Finding } from '../assert/explicit.js';
import type { GraphQLRequest } from '../target/http-client.js';

/** Answers remembered: the memory stays bounded (digests and a step's name each, well under 1 KB) however long a run is. */
const MAX_ANSWERS = 5_000;

/**
 * Answers with fewer distinct values than this (a refusal with an empty list, `{"x": null}`) are too
 * common to tell a cache from chance: two questions may well be answered alike.
 */
const MIN_VALUES = 3;

/** The distinct strings, numbers and trues of an answer, up to `enough`. */
function distinctValues(value: unknown, seen: Set<unknown>, enough: number): void {
  if (seen.size >= enough) return;
  if (Array.isArray(value)) value.forEach((v) => distinctValues(v, seen, enough));
  else if (value !== null && typeof value === 'object')
    Object.values(value).forEach((v) => distinctValues(v, seen, enough));
  else if (typeof value === 'string' || typeof value === 'number' || value === true) seen.add(value);
}

/**
 * What makes two requests different questions, each part as a difference names it. The path is left
 * out: the same document sent to the other revision rightly answers the same data (§9.3).
 */
const PARTS = {
  document: 'the document',
  variables: 'the variables',
  operationName: 'the operation name',
  accept: 'the Accept header',
  authorization: 'the credentials',
} as const;

type Part = keyof typeof PARTS;
type Identity = Record<Part, string>;

interface Remembered {
  where: string;
  identity: Identity;
}

const header = (headers: Record<string, string>, name: string): string =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? '';

/** A short digest: each part is held as one, so a long document costs the memory no more than a short one. */
const digest = (text: string): string => createHash('sha256').update(text).digest('base64').slice(0, 16);

function identityOf(request: GraphQLRequest): Identity {
  return {
    document: digest(request.body.query ?? ''),
    variables: digest(JSON.stringify(request.body.variables ?? null)),
    operationName: digest(request.body.operationName ?? ''),
    accept: digest(header(request.headers, 'accept')),
    authorization: digest(header(request.headers, 'authorization')),
  };
}

/**
 * The run's answers by their text: a step that fails with an answer equal, byte for byte, to the answer
 * an earlier request that asked something else was given is most likely served from an answer cache
 * whose key leaves out what differs. The difference says so and names what differed, so a
 * report points at the cache rather than at the field that happened to differ.
 */
export class AnswerMemory {
  private readonly answers = new Map<string, Remembered>();

  /**
   * Remembers the answer `body` to `request` (asked at `where`); returns, for a step that failed, the
   * finding that an earlier, different request was given the same answer.
   */
  observe(where: string, request: GraphQLRequest, body: unknown, failed: boolean): Finding | undefined {
    const values = new Set<unknown>();
    distinctValues(body, values, MIN_VALUES);
    if (values.size < MIN_VALUES) return undefined;
    const key = digest(JSON.stringify(body));
    const identity = identityOf(request);
    const earlier = this.answers.get(key);
    if (!earlier) {
      if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, { where, identity });
      return undefined;
    }
    const differing = (Object.keys(PARTS) as Part[]).filter((p) => earlier.identity[p] !== identity[p]);
    if (!failed || differing.length === 0) return undefined;
    const names = differing.map((p) => PARTS[p]);
    const listed = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
    const verb = names.length === 1 ? 'differs' : 'differ';
    return {
      expectationId: 'cached-answer',
      path: 'data',
      kind: 'value-mismatch',
      expected: `an answer of its own (${listed} ${verb} from ${earlier.where})`,
      actual: `the answer ${earlier.where} was given`,
      message: `answered byte for byte what ${earlier.where} was answered, though ${listed} ${verb}: the mark of an answer cache whose key leaves ${names.length === 1 ? 'it' : 'them'} out`,
    };
  }
}
