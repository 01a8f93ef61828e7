import { GraphQLError, GraphQLScalarType, Kind, print, type ValueNode } from 'graphql';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
// Only the UTC designator "Z" is accepted: the contract's timestamps are UTC, and an offset would make
// two spellings of the same instant compare unequal in scenarios.
const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?Z$/;

const DATE_EXPECTED = 'expected an ISO 8601 calendar date YYYY-MM-DD';
const DATE_TIME_EXPECTED =
  'expected an ISO 8601 UTC date-time YYYY-MM-DDThh:mm:ss[.sss]Z (offsets other than Z are not accepted)';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (days[month - 1] ?? 0);
}

/** Whether `s` is an ISO 8601 calendar date `YYYY-MM-DD` naming a real day (so 2024-02-30 is not). */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = DATE_PATTERN.exec(s);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Whether `s` is an ISO 8601 date-time in UTC ending in `Z` (optional fractional seconds) on a real day. */
export function isIsoDateTimeUtc(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = DATE_TIME_PATTERN.exec(s);
  if (m === null || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  // Leap second 60 is rejected: JavaScript dates (and so every consumer here) cannot represent it.
  return Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 59;
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Date)
    return `Date(${Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()})`;
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function')
    return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

interface IsoScalarSpec {
  name: string;
  description: string;
  expected: string;
  isValid: (s: unknown) => s is string;
  fromDate: (d: Date) => string;
}

/** serialize / parseValue / parseLiteral of an ISO string scalar; values stay strings (the store keeps strings). */
function isoCoercion(spec: IsoScalarSpec): ScalarCoercion {
  const reject = (what: string, nodes?: ValueNode): never => {
    throw new GraphQLError(`${spec.name} cannot represent ${what}: ${spec.expected}`, nodes ? { nodes } : {});
  };
  return {
    serialize(value: unknown): string {
      if (value instanceof Date && !Number.isNaN(value.getTime())) return spec.fromDate(value);
      if (spec.isValid(value)) return value;
      return reject(describeValue(value));
    },
    parseValue(value: unknown): string {
      if (spec.isValid(value)) return value;
      return reject(describeValue(value));
    },
    parseLiteral(ast: ValueNode): string {
      if (ast.kind !== Kind.STRING) return reject(`the non-string literal ${print(ast)}`, ast);
      if (spec.isValid(ast.value)) return ast.value;
      return reject(JSON.stringify(ast.value), ast);
    },
  };
}

/** The coercion functions of a custom scalar, without name or description (so SDL descriptions survive). */
export interface ScalarCoercion {
  serialize(value: unknown): string;
  parseValue(value: unknown): string;
  parseLiteral(ast: ValueNode): string;
}

const dateSpec: IsoScalarSpec = {
  name: 'Date',
  description: 'ISO 8601 calendar date YYYY-MM-DD.',
  expected: DATE_EXPECTED,
  isValid: isIsoDate,
  // A JS Date is an instant; its UTC calendar day is the only timezone-independent choice.
  fromDate: (d) => d.toISOString().slice(0, 10),
};

const dateTimeSpec: IsoScalarSpec = {
  name: 'DateTime',
  description: 'ISO 8601 date-time in UTC, e.g. 2024-05-01T13:45:00Z.',
  expected: DATE_TIME_EXPECTED,
  isValid: isIsoDateTimeUtc,
  fromDate: (d) => d.toISOString(),
};

/** Coercion of the contract's custom scalars by name, for attaching to a schema built from SDL. */
export const scalarCoercions: Readonly<Record<'Date' | 'DateTime', ScalarCoercion>> = {
  Date: isoCoercion(dateSpec),
  DateTime: isoCoercion(dateTimeSpec),
};

/** The `Date` scalar: ISO 8601 calendar date `YYYY-MM-DD`, validated as a real day. */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: dateSpec.name,
  description: dateSpec.description,
  ...scalarCoercions.Date,
});

/** The `DateTime` scalar: ISO 8601 UTC date-time ending in `Z`, validated as a real instant. */
export const DateTimeScalar = new GraphQLScalarType<string, string>({
  name: dateTimeSpec.name,
  description: dateTimeSpec.description,
  ...scalarCoercions.DateTime,
});
