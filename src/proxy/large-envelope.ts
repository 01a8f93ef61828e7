/** A request body this large is read by {@link scanEnvelope} instead of `JSON.parse`. */
export const LARGE_ENVELOPE_BYTES = 256 * 1024;

/** Byte offsets of a JSON value inside the body: `[start, end)`. */
export type Span = readonly [number, number];

/** The envelope of a large request: its query and operation name, and where each variable's value is. */
export interface ScannedEnvelope {
  query: string;
  operationName?: string;
  /** Each variable's value, not parsed: only the ones the operation declares are ever parsed. */
  variables?: Map<string, Span>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (b: number | undefined): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

class Scanner {
  pos = 0;
  constructor(private readonly bytes: Buffer) {}

  at(): number | undefined {
    return this.bytes[this.pos];
  }

  space(): void {
    while (isSpace(this.bytes[this.pos])) this.pos++;
  }

  expect(byte: number): boolean {
    this.space();
    if (this.bytes[this.pos] !== byte) return false;
    this.pos++;
    return true;
  }

  /** Skips a string starting at the current quote; false when it is not closed. */
  private string(): boolean {
    this.pos++;
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos++];
      if (c === BACKSLASH) this.pos++;
      else if (c === QUOTE) return true;
    }
    return false;
  }

  /**
   * Skips one JSON value and returns its span; undefined when the value is malformed (unbalanced
   * brackets, an open string). Iterative: nesting costs a counter, not the call stack.
   */
  value(): Span | undefined {
    this.space();
    const start = this.pos;
    const b = this.bytes;
    const first = b[this.pos];
    if (first === undefined) return undefined;
    if (first === QUOTE) return this.string() ? [start, this.pos] : undefined;
    if (first === 0x7b || first === 0x5b) {
      let depth = 0;
      while (this.pos < b.length) {
        const c = b[this.pos];
        if (c === QUOTE) {
          if (!this.string()) return undefined;
          continue;
        }
        this.pos++;
        if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          depth--;
          if (depth === 0) return [start, this.pos];
        }
      }
      return undefined;
    }
    // A number, true, false or null: up to the next delimiter.
    while (this.pos < b.length) {
      const c = b[this.pos];
      if (c === 0x2c || c === 0x7d || c === 0x5d || isSpace(c)) break;
      this.pos++;
    }
    return this.pos > start ? [start, this.pos] : undefined;
  }

  /** The members of the object starting here, as key → span of the value; a string says what is wrong. */
  members(): Map<string, Span> | string {
    if (!this.expect(0x7b)) return 'not a JSON object';
    const out = new Map<string, Span>();
    this.space();
    if (this.at() === 0x7d) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.space();
      if (this.at() !== QUOTE) return 'a key is not a string';
      const keyStart = this.pos;
      if (!this.string()) return 'an unclosed string';
      const key = JSON.parse(this.bytes.subarray(keyStart, this.pos).toString('utf8')) as string;
      if (!this.expect(0x3a)) return 'a key without a value';
      const span = this.value();
      if (!span) return 'a malformed value';
      out.set(key, span);
      this.space();
      if (this.at() === 0x2c) {
        this.pos++;
        continue;
      }
      if (this.at() === 0x7d) {
        this.pos++;
        return out;
      }
      return 'a missing comma or closing brace';
    }
  }

  done(): boolean {
    this.space();
    return this.pos === this.bytes.length;
  }
}

/** Parses one span of the body as JSON. */
export function parseSpan(body: Buffer, span: Span): unknown {
  return JSON.parse(body.subarray(span[0], span[1]).toString('utf8'));
}

/**
 * Reads the GraphQL envelope of a large JSON body without building its variables: a flood of
 * `"variables": {"a": [{}, {}, …]}` would otherwise put millions of objects on the heap per request.
 * Only `query` and `operationName` are parsed; each variable's value stays a span. A string says what
 * is wrong with the body (the same messages as for small bodies).
 */
export function scanEnvelope(body: Buffer): ScannedEnvelope | string {
  const scanner = new Scanner(body);
  const top = scanner.members();
  if (typeof top === 'string' || !scanner.done())
    return typeof top === 'string' && top === 'not a JSON object'
      ? 'the body is not a JSON object'
      : 'the body is not JSON';
  let query: unknown;
  let operationName: unknown;
  try {
    const q = top.get('query');
    query = q ? parseSpan(body, q) : undefined;
    const o = top.get('operationName');
    operationName = o ? parseSpan(body, o) : undefined;
  } catch {
    return 'the body is not JSON';
  }
  if (typeof query !== 'string') return 'the request has no "query" string';
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
    return '"operationName" is not a string';
  const v = top.get('variables');
  let variables: Map<string, Span> | undefined;
  if (v) {
    const text = body.subarray(v[0], Math.min(v[1], v[0] + 4)).toString('latin1');
    if (text !== 'null') {
      const inner = new Scanner(body.subarray(0, v[1]));
      inner.pos = v[0];
      const members = inner.members();
      if (typeof members === 'string') return '"variables" is not an object';
      variables = members;
    }
  }
  return {
    query,
    ...(typeof operationName === 'string' ? { operationName } : {}),
    ...(variables ? { variables } : {}),
  };
}
