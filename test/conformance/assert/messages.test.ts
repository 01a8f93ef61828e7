import { describe, expect, it } from '@jest/globals';
import { messageBasis, messageFindings } from '../../../src/conformance/assert/messages.js';

const paths = (body: unknown) => messageFindings(body).map((f) => f.path);

describe('messageFindings', () => {
  it('finds nothing in errors and validation entries that say what is wrong', () => {
    expect(
      messageFindings({
        errors: [
          {
            message: 'Unknown argument "x" at line 3, column 5.',
            path: ['addPerson'],
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
        data: { addPerson: { validationErrors: [{ propertyName: 'firstName', message: 'Required.' }] } },
      }),
    ).toEqual([]);
  });

  it.each([
    ['Node', 'Oops\n    at execute (/srv/app/dist/execute.js:112:15)\n    at next (node:internal/x:9:3)'],
    ['the JVM', 'NullPointerException\n\tat com.firm.rm.Resolver.contact(Resolver.java:88)'],
    ['.NET', 'Object reference not set\n   at Firm.Rm.Resolver.Contact() in C:\\src\\Resolver.cs:line 42'],
    ['Python', 'Traceback (most recent call last):\n  File "app.py", line 3, in <module>'],
  ])('finds a stack trace of %s in an error message', (_name, message) => {
    const found = messageFindings({ errors: [{ message }], data: null });
    expect(found.map((f) => f.path)).toEqual(['errors[0].message']);
    expect(found[0]?.message).toMatch(/stack trace/);
    expect(messageBasis(found[0]!)).toEqual(['A-58', 'A-561']);
  });

  it.each([
    ['.NET', 'Object reference not set to an instance of an object.'],
    ['the JVM', 'java.lang.NullPointerException'],
    ['Node', "Cannot read properties of undefined (reading 'id')"],
    ['PostgreSQL', 'duplicate key value violates unique constraint "contacts_pkey"'],
    ['Oracle', 'ORA-00942: table or view does not exist'],
    ['a driver', 'connect ECONNREFUSED 10.0.0.12:5432'],
  ])("finds %s's own failure passed on as a message, in errors and validation entries", (_name, message) => {
    expect(paths({ errors: [{ message }], data: null })).toEqual(['errors[0].message']);
    expect(
      paths({ data: { addPerson: { validationErrors: [{ propertyName: 'firstName', message }] } } }),
    ).toEqual(['data.addPerson.validationErrors[0].message']);
  });

  it('finds no failure in messages about the request that name such words', () => {
    for (const message of [
      'Cannot query field "exception" on type "Query".',
      'Variable "$id" of required type "ID!" was not provided.',
      'The connection to the list was refused: the list is not linkable.',
    ]) {
      expect(messageFindings({ errors: [{ message }] })).toEqual([]);
    }
  });

  it('finds a stack in extensions and a blank or missing message', () => {
    expect(
      paths({
        errors: [
          { message: 'Internal error', extensions: { code: 'INTERNAL', stacktrace: ['Error: x', 'at y'] } },
          { message: '  ' },
          { extensions: { code: 'X' } },
        ],
      }),
    ).toEqual(['errors[0].extensions.stacktrace', 'errors[1].message', 'errors[2].message']);
  });

  it('finds blank validation entries in data and in extensions, but only what was selected', () => {
    const found = messageFindings({
      data: {
        a: { validationErrors: [{ propertyName: 'subject', message: '' }] },
        b: { validationErrors: [{ propertyName: 'name' }] },
        c: { items: [{ validationErrors: [{ propertyName: ' ', message: 'Required.' }] }] },
      },
      errors: [
        {
          message: 'Invalid input',
          path: ['c'],
          extensions: { validationErrors: [{ propertyName: 'x', message: null }] },
        },
      ],
    });
    expect(found.map((f) => f.path)).toEqual([
      'data.a.validationErrors[0].message',
      'data.c.items[0].validationErrors[0].propertyName',
      'errors[0].extensions.validationErrors[0].message',
    ]);
    expect(found[0]?.message).toBe('validationErrors entry for "subject" has a blank message');
    expect(messageBasis(found[0]!)).toEqual(['§7.1', 'A-561']);
  });

  it('finds an error beside data without the path of its field, but not a request error', () => {
    const found = messageFindings({ data: { a: null, b: 1 }, errors: [{ message: 'No access.', path: [] }] });
    expect(found.map((f) => f.path)).toEqual(['errors[0].path']);
    expect(messageBasis(found[0]!)).toEqual(['A-58', 'A-564']);
    expect(messageFindings({ errors: [{ message: 'Syntax Error: Expected Name.' }] })).toEqual([]);
    expect(messageFindings({ data: null, errors: [{ message: 'Unauthenticated.' }] })).toEqual([]);
  });

  it('finds an error repeated word for word, and nothing in two errors that differ (A-594)', () => {
    const error = { message: 'Cannot query field "x".', locations: [{ line: 1, column: 3 }] };
    const found = messageFindings({ errors: [error, { ...error }] });
    expect(found.map((f) => f.path)).toEqual(['errors[1]']);
    expect(messageBasis(found[0]!)).toEqual(['A-58', 'A-594']);
    expect(messageFindings({ errors: [error, { ...error, locations: [{ line: 1, column: 9 }] }] })).toEqual(
      [],
    );
  });

  it('finds a location not counted from 1, and nothing in locations that are', () => {
    const at = (...locations: unknown[]) =>
      messageFindings({ errors: [{ message: 'Cannot query field "x".', locations }] });
    expect(at({ line: 1, column: 3 }, { line: 12, column: 1 })).toEqual([]);
    expect(messageFindings({ errors: [{ message: 'Cannot query field "x".' }] })).toEqual([]);
    expect(at({ line: 0, column: 2 }).map((f) => f.path)).toEqual(['errors[0].locations[0]']);
    expect(at({ line: 2, column: 5 }, { line: 3, column: 0 }).map((f) => f.path)).toEqual([
      'errors[0].locations[1]',
    ]);
    expect(at({ line: 2 }).map((f) => f.path)).toEqual(['errors[0].locations[0]']);
    expect(at({ line: '2', column: 1 }).map((f) => f.path)).toEqual(['errors[0].locations[0]']);
    const [found] = at({ line: 0, column: 2 });
    expect(found?.message).toMatch(/counted from 1/);
    expect(messageBasis(found!)).toEqual(['A-58', 'A-564']);
  });
});
