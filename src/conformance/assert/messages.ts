import type { Finding } from './explicit.js';
import { graphQLErrorsOf } from './explicit.js';

/**
 * Lines of a stack trace as Node, the JVM, .NET and Python print them. Each needs a line of its own
 * that starts with indentation and `at` followed by a source position, so a message that merely says
 * "at line 3" is not one.
 */
const STACK_FRAMES: readonly RegExp[] = [
  /^[ \t]+at[ \t]+\S.*:\d+(?::\d+)?\)?[ \t]*$/m,
  /^[ \t]+at[ \t]+\S.*[ \t]in[ \t]+\S.*:line[ \t]+\d+/m,
  /Traceback \(most recent call last\)/,
];

/**
 * What a runtime, a driver or a database says when the server's code failed, as it reaches a client
 * only when an exception's own message is passed on (A-561): no message of the API says these.
 */
const INTERNAL_MESSAGES: readonly RegExp[] = [
  /Object reference not set to an instance of an object/,
  /\b(?:NullPointer|NullReference|InvalidCast|IndexOutOfRange|ArgumentNull|Sql|Hibernate|JDBC)Exception\b/,
  /Cannot read propert(?:y|ies) of (?:undefined|null)/,
  /\bundefined is not an object\b/,
  /\bSQLSTATE\b|\bORA-\d{5}\b|duplicate key value violates unique constraint|syntax error at or near "/,
  /\bconnect ECONNREFUSED\b|\bgetaddrinfo ENOTFOUND\b/,
];

function internalMessageIn(text: string): string | undefined {
  for (const pattern of INTERNAL_MESSAGES) {
    const m = pattern.exec(text);
    if (m) return m[0];
  }
  return undefined;
}

/** Extension keys under which GraphQL servers in debug mode put the server's stack (A-561). */
const STACK_KEYS: ReadonlySet<string> = new Set(['stacktrace', 'stackTrace', 'stack', 'exception']);

function stackFrameIn(text: string): string | undefined {
  for (const frame of STACK_FRAMES) {
    const m = frame.exec(text);
    if (m) return m[0].trim();
  }
  return undefined;
}

const positiveInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1;

const isBlank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

/** Every `validationErrors` list in the body, with the path it was found at (data and extensions). */
function validationLists(value: unknown, path: string, out: { path: string; list: unknown[] }[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => validationLists(v, `${path}[${i}]`, out));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key === 'validationErrors' && Array.isArray(v)) out.push({ path: at, list: v });
    else validationLists(v, at, out);
  }
}

/**
 * What every error in an answer owes its reader, whatever the request (A-561): a GraphQL error has a
 * message that says something and no stack trace of the server, in the message or its extensions; a
 * `validationErrors` entry names its property and says what is wrong with it (§7.1). A blank message
 * leaves a partner's form with nothing to show; a stack trace shows the vendor's inside to every client.
 */
export function messageFindings(body: unknown): Finding[] {
  const out: Finding[] = [];
  const data = (body as { data?: unknown } | null)?.data;
  // With data, execution ran: an error beside it is a field's, and says which one (GraphQL section 7.1.2, A-564).
  const fieldErrors = data !== null && typeof data === 'object';
  const seen = new Map<string, number>();
  graphQLErrorsOf(body).forEach((error, i) => {
    const path = `errors[${i}].message`;
    // One failure is one error (A-594): a second, identical entry is a layer that reported it again.
    const same = JSON.stringify(error);
    const first = seen.get(same);
    if (first !== undefined) {
      out.push({
        expectationId: 'error-repeated',
        path: `errors[${i}]`,
        kind: 'value-mismatch',
        expected: 'each error once',
        actual: error,
        message: `errors[${i}] repeats errors[${first}] word for word: one failure is reported once`,
      });
      return;
    }
    seen.set(same, i);
    if (fieldErrors && !(Array.isArray(error.path) && error.path.length > 0)) {
      out.push({
        expectationId: 'error-path',
        path: `errors[${i}].path`,
        kind: 'value-mismatch',
        expected: 'the path of the field the error belongs to',
        actual: error.path ?? null,
        message: `errors[${i}] stands beside data but has no path naming the field it belongs to`,
      });
    }
    // GraphQL section 7.1.2: each location has a line and a column, both positive and counted from 1
    // (A-564). A zero, a negative or a missing number sends an editor's cursor nowhere.
    const listed = (error as { locations?: unknown }).locations;
    const locations: unknown[] = Array.isArray(listed) ? listed : [];
    const offLocation = locations.findIndex(
      (l) =>
        !positiveInt((l as { line?: unknown } | null)?.line) ||
        !positiveInt((l as { column?: unknown } | null)?.column),
    );
    if (offLocation >= 0) {
      out.push({
        expectationId: 'error-location',
        path: `errors[${i}].locations[${offLocation}]`,
        kind: 'value-mismatch',
        expected: 'line and column, both positive integers counted from 1',
        actual: locations[offLocation] ?? null,
        message: `errors[${i}] has a location that is not a line and a column counted from 1 (${JSON.stringify(locations[offLocation] ?? null)})`,
      });
    }
    if (isBlank(error.message)) {
      out.push({
        expectationId: 'error-message',
        path,
        kind: 'value-mismatch',
        expected: 'a message saying what went wrong',
        actual: error.message ?? null,
        message: `errors[${i}] has a blank or missing message`,
      });
      return;
    }
    out.push(...leaksIn(String(error.message), path, 'error-message', `errors[${i}].message`));
    const ext = error.extensions;
    if (ext !== null && typeof ext === 'object') {
      const keys = Object.keys(ext).filter((k) => STACK_KEYS.has(k));
      if (keys.length > 0) {
        out.push({
          expectationId: 'error-message',
          path: `errors[${i}].extensions.${keys[0]}`,
          kind: 'value-mismatch',
          expected: 'extensions without the server stack trace',
          actual: keys,
          message: `errors[${i}].extensions carries the server stack trace or exception (${keys.join(', ')})`,
        });
      }
    }
  });
  const lists: { path: string; list: unknown[] }[] = [];
  validationLists(body, '', lists);
  for (const { path, list } of lists) {
    list.forEach((entry, i) => {
      if (entry === null || typeof entry !== 'object') return;
      const { propertyName, message } = entry as { propertyName?: unknown; message?: unknown };
      // Only what the document selected is there to judge.
      const blankName = 'propertyName' in entry && isBlank(propertyName);
      if (blankName || ('message' in entry && isBlank(message))) {
        const blank = blankName ? 'propertyName' : 'message';
        out.push({
          expectationId: 'validation-message',
          path: `${path}[${i}].${blank}`,
          kind: 'value-mismatch',
          expected: 'a propertyName and a message saying what is wrong with it',
          actual: entry,
          message: `validationErrors entry ${typeof propertyName === 'string' && propertyName ? `for "${propertyName}" ` : ''}has a blank ${blank}`,
        });
      }
      if (typeof message === 'string')
        out.push(
          ...leaksIn(message, `${path}[${i}].message`, 'validation-message', 'validationErrors message'),
        );
    });
  }
  return out;
}

/**
 * What a message leaks of the server: its stack trace, or else the exception it passes on. One finding
 * per message, since a stack trace says more than the exception's message above it.
 */
function leaksIn(
  text: string,
  path: string,
  expectationId: 'error-message' | 'validation-message',
  subject: string,
): Finding[] {
  const about = expectationId === 'error-message' ? 'the request' : 'the input';
  const frame = stackFrameIn(text);
  if (frame !== undefined)
    return [
      {
        expectationId,
        path,
        kind: 'value-mismatch',
        expected: 'a message without the server stack trace',
        actual: frame,
        message: `${subject} carries a stack trace of the server (${frame})`,
      },
    ];
  const internal = internalMessageIn(text);
  if (internal === undefined) return [];
  return [
    {
      expectationId,
      path,
      kind: 'value-mismatch',
      expected: `a message about ${about}, not the server's own failure`,
      actual: internal,
      message: `${subject} passes on the server's own failure (${internal})`,
    },
  ];
}

/** What a finding of {@link messageFindings} rests on: §7.1 for a validation entry, the error envelope otherwise. */
export function messageBasis(finding: Finding): readonly string[] {
  if (finding.expectationId === 'error-path' || finding.expectationId === 'error-location')
    return ['A-58', 'A-564'];
  if (finding.expectationId === 'error-repeated') return ['A-58', 'A-594'];
  return finding.expectationId === 'validation-message' ? ['§7.1', 'A-561'] : ['A-58', 'A-561'];
}
