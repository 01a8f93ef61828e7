import { createHash } from 'node:crypto';
import { base, en, Faker } from '@faker-js/faker';
import type { IMocks } from '@graphql-tools/mock';
// An import list (boilerplate): it names what other files import too.
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isListType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';

/** Dates the mock draws from: a fixed window, so answers do not depend on the day the mock runs. */
const FROM = new Date('2015-01-01T00:00:00.000Z');
const TO = new Date('2026-06-01T00:00:00.000Z');

/** A faker seeded from the mock's seed and a request's text: the same request always gets the same answer. */
export function reseed(faker: Faker, seed: number, requestKey: string): void {
  faker.seed(createHash('sha256').update(`${seed}\0${requestKey}`).digest().readUInt32BE(0));
}

/** A new faker (English locale, like the fixtures). */
export function newFaker(): Faker {
  return new Faker({ locale: [en, base] });
}

const isoDate = (faker: Faker) => faker.date.between({ from: FROM, to: TO }).toISOString().slice(0, 10);
const isoDateTime = (faker: Faker) => faker.date.between({ from: FROM, to: TO }).toISOString();

/** A rule: field names it applies to, and the value it draws. */
type Rule = [RegExp, (faker: Faker) => unknown];

// First match wins; names are compared as written (camelCase) and case-insensitively where marked.
const STRING_RULES: Rule[] = [
  [/^(id|guid|uuid)$|(Id|Guid|Uuid|ID)$/, (f) => f.string.uuid()],
  [/e-?mail/i, (f) => f.internet.email()],
  [/^(firstName|givenName|forename)$/i, (f) => f.person.firstName()],
  [/^(lastName|surname|familyName)$/i, (f) => f.person.lastName()],
  [/^middleName$/i, (f) => f.person.middleName()],
  [/^(fullName|displayName|contactName|personName|userName)$/i, (f) => f.person.fullName()],
  [/(company|organi[sz]ation|firm|business|employer)(Name)?$/i, (f) => f.company.name()],
  [/^(name|.*Name)$/, (f) => f.person.fullName()],
  [/(phone|mobile|fax|telephone)/i, (f) => f.phone.number()],
  [/(postal|post|zip)Code$|^(postcode|zip)$/i, (f) => f.location.zipCode()],
  [/countryCode$/i, (f) => f.location.countryCode()],
  [/country$/i, (f) => f.location.country()],
  [/(city|town)$/i, (f) => f.location.city()],
  [/(state|county|province|administrativeDivision)$/i, (f) => f.location.state()],
  [/^(type|usage|label|kind)$/, (f) => f.helpers.arrayElement(['Work', 'Home', 'Other'])],
  [/(street|addressLine\d*|address\d*)$/i, (f) => f.location.streetAddress()],
  [/(url|website|link)$/i, (f) => f.internet.url()],
  [/(jobTitle|position)$/i, (f) => f.person.jobTitle()],
  [/^title$/i, (f) => f.person.prefix()],
  [/(description|notes?|comments?|text|message|summary)$/i, (f) => f.lorem.sentence()],
  [/(currency)(Code)?$/i, (f) => f.finance.currencyCode()],
  [/(language|locale)(Code)?$/i, (f) => f.location.language().alpha2],
  [/Date$|^date$/, isoDate],
  [/(At|Time|Timestamp|DateTime)$/, isoDateTime],
  [/(code|key|reference|ref)$/i, (f) => f.string.alphanumeric({ length: 8, casing: 'upper' })],
];

const INT_RULES: Rule[] = [
  [/^total|Count$|^count$|^number(Of)?[A-Z]/, (f) => f.number.int({ min: 0, max: 20 })],
  [/(year)$/i, (f) => f.number.int({ min: 2015, max: 2026 })],
  [/(limit|size|page)/i, (f) => f.number.int({ min: 1, max: 50 })],
];

function byRules(rules: Rule[], fieldName: string, faker: Faker): unknown {
  for (const [pattern, draw] of rules) if (pattern.test(fieldName)) return draw(faker);
  return undefined;
}

/** A value for a scalar type when no field name is known (arguments aside, this is list elements of scalars). */
export function scalarValue(typeName: string, faker: Faker): unknown {
  switch (typeName) {
    case 'ID':
      return faker.string.uuid();
    case 'String':
      return faker.lorem.words({ min: 1, max: 3 });
    case 'Int':
      return faker.number.int({ min: 0, max: 1000 });
    case 'Float':
      return faker.number.float({ min: 0, max: 1000, fractionDigits: 2 });
    case 'Boolean':
      return faker.datatype.boolean();
    case 'Date':
      return isoDate(faker);
    case 'DateTime':
      return isoDateTime(faker);
    default:
      // A scalar the mock knows nothing about: a string is the safest guess for JSON clients.
      return faker.lorem.word();
  }
}

/** Object types whose names are organisations: their `name`/`displayName` is a company name. */
const ORGANISATION_TYPE = /(Company|Firm|Organi[sz]ation|Business|Employer|Client)$/;

/**
 * A value for a scalar field, chosen by its type first and its name second (e.g. `email: String`);
 * the parent type tells a company's `name` from a person's.
 */
export function fieldScalarValue(
  typeName: string,
  fieldName: string,
  faker: Faker,
  parentTypeName = '',
): unknown {
  if (
    typeName === 'String' &&
    ORGANISATION_TYPE.test(parentTypeName) &&
    /^(name|displayName|fullName)$/.test(fieldName)
  ) {
    return faker.company.name();
  }
  if (typeName === 'String' && /^(address|value)$/.test(fieldName)) {
    if (/Email/.test(parentTypeName)) return faker.internet.email();
    if (/Phone/.test(parentTypeName)) return faker.phone.number();
  }
  switch (typeName) {
    case 'Int':
      return byRules(INT_RULES, fieldName, faker) ?? scalarValue(typeName, faker);
    case 'ID':
    case 'Float':
    case 'Boolean':
    case 'Date':
    case 'DateTime':
      return scalarValue(typeName, faker);
    default:
      // String, and custom scalars the mock does not know (mocked as strings).
      return byRules(STRING_RULES, fieldName, faker) ?? scalarValue(typeName, faker);
  }
}

/** A value for a field of any output type; `undefined` leaves it to the mock store (single objects). */
function fieldValue(
  schema: GraphQLSchema,
  type: GraphQLOutputType,
  fieldName: string,
  faker: Faker,
  inList: boolean,
  parentTypeName: string,
): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const length = faker.number.int({ min: 2, max: 3 });
    return Array.from({ length }, () =>
      fieldValue(schema, nullable.ofType, fieldName, faker, true, parentTypeName),
    );
  }
  if (isScalarType(nullable)) return fieldScalarValue(nullable.name, fieldName, faker, parentTypeName);
  if (isEnumType(nullable)) return faker.helpers.arrayElement(nullable.getValues()).value;
  if (isAbstractType(nullable)) {
    // Elements of a list must be given here; a single value comes from the abstract type's mock.
    return inList
      ? { __typename: faker.helpers.arrayElement(schema.getPossibleTypes(nullable)).name }
      : undefined;
  }
  return inList ? {} : undefined;
}

/**
 * The mocks of @graphql-tools/mock for a schema, drawing every value from `faker()` (the current request's
 * generator): per object and interface type, one lazy generator per field chosen by field name and type;
 * per scalar, enum and abstract type, a fallback. Lists have 2 or 3 elements.
 */
export function fakerMocks(schema: GraphQLSchema, faker: () => Faker): IMocks {
  const mocks: IMocks = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isScalarType(type)) {
      mocks[type.name] = () => scalarValue(type.name, faker());
    } else if (isEnumType(type)) {
      mocks[type.name] = () => faker().helpers.arrayElement(type.getValues()).value;
    } else if (isAbstractType(type)) {
      const possible = schema.getPossibleTypes(type).map((t) => t.name);
      mocks[type.name] = { __typename: () => faker().helpers.arrayElement(possible) };
    } else if (isObjectType(type)) {
      mocks[type.name] = objectMock(schema, type, faker);
    }
  }
  return mocks;
}

function objectMock(
  schema: GraphQLSchema,
  type: { name: string; getFields(): Record<string, GraphQLField<unknown, unknown>> },
  faker: () => Faker,
): () => Record<string, () => unknown> {
  const generators: Record<string, () => unknown> = {};
  for (const field of Object.values(type.getFields())) {
    // Single objects are left to the store (it links them by reference); everything else is drawn here.
    const named = getNamedType(field.type);
    if (!isListType(getNullableType(field.type)) && !isScalarType(named) && !isEnumType(named)) continue;
    generators[field.name] = () => fieldValue(schema, field.type, field.name, faker(), false, type.name);
  }
  return () => generators;
}
