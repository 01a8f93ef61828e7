import { createHmac } from 'node:crypto';
import { base, en, Faker } from '@faker-js/faker';

/** Kinds of personal data a recording replaces. */
export type PersonalKind =
  | 'firstName'
  | 'lastName'
  | 'fullName'
  | 'company'
  | 'email'
  | 'phone'
  | 'street'
  | 'city'
  | 'postalCode'
  | 'text';

const FIRST_NAME_KEYS = new Set(['firstName', 'middleName', 'goesBy']);
const LAST_NAME_KEYS = new Set(['lastName']);
const FULL_NAME_KEYS =
  /^(fullName|displayName|ownerName|creatorName|assistantName|accountName|createdBy|companyName|personDisplayName|relatedPersonDisplayName|baseContactsDisplayName|relatedPersonName|term|searchTerm)$|DisplayName$/;
const PHONE_KEYS =
  /^(number|phoneNumber|primaryPhone|secondaryPhone|mobilePhone|faxNumber|pagerNumber|homePhone|businessPhone)$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Which kind of personal data a string is, from its key and, for e-mail addresses, its value; undefined
 * for everything else. Only a fallback for values the contract cannot type (a document that does not
 * validate): typed values go by the catalogue of personal-data.ts.
 */
export function personalKindOf(key: string, value: string): PersonalKind | undefined {
  if (EMAIL.test(value.trim())) return 'email';
  if (FIRST_NAME_KEYS.has(key)) return 'firstName';
  if (LAST_NAME_KEYS.has(key)) return 'lastName';
  if (FULL_NAME_KEYS.test(key)) return 'fullName';
  if (PHONE_KEYS.test(key)) return 'phone';
  if (key === 'street') return 'street';
  if (key === 'city') return 'city';
  if (key === 'postalCode') return 'postalCode';
  return undefined;
}

/**
 * Replaces personal data deterministically: the same key and input always give the same replacement,
 * so ids, joins and repeated names survive while the real values cannot be read back without the key.
 * Each replacement comes from a faker seeded with an HMAC-SHA256 of the kind and the value.
 */
export class Pseudonymizer {
  private readonly cache = new Map<string, string>();

  constructor(private readonly key: string | Buffer) {}

  private digest(kind: string, value: string): Buffer {
    return createHmac('sha256', this.key).update(`${kind}\u0000${value}`).digest();
  }

  private faker(kind: string, value: string): Faker {
    const faker = new Faker({ locale: [en, base] });
    faker.seed(this.digest(kind, value).readUInt32BE(0));
    return faker;
  }

  private fresh(kind: PersonalKind, value: string): string {
    switch (kind) {
      case 'firstName':
        return this.faker(kind, value).person.firstName();
      case 'lastName':
        return this.faker(kind, value).person.lastName();
      case 'fullName': {
        // Token by token, so a display name stays consistent with the first and last names it joins.
        const parts = value.trim().split(/\s+/);
        return parts
          .map((p, i) =>
            this.replace(i === parts.length - 1 && parts.length > 1 ? 'lastName' : 'firstName', p),
          )
          .join(' ');
      }
      case 'email': {
        const [local = '', domain = ''] = value.trim().toLowerCase().split('@');
        const f = this.faker(kind, local);
        const tag = this.digest('email-tag', `${local}@${domain}`).toString('hex').slice(0, 6);
        return `${f.person.firstName().toLowerCase()}.${f.person.lastName().toLowerCase()}.${tag}@example.com`.replace(
          /[^a-z0-9.@-]/g,
          '',
        );
      }
      case 'phone': {
        // 555-01xx style fictional numbers: never a real subscriber.
        const digits = [...this.digest(kind, value.replace(/\D/g, ''))].map((b) => b % 10).join('');
        return `+1 555 01${digits.slice(0, 2)} ${digits.slice(2, 6)}`;
      }
      case 'street':
        return this.faker(kind, value).location.streetAddress();
      case 'city':
        return this.faker(kind, value).location.city();
      case 'postalCode':
        return this.faker(kind, value).location.zipCode();
      case 'company':
        return this.faker(kind, value).company.name();
      case 'text':
        // Free text keeps none of its words: a sentence of the same rough length.
        return this.faker(kind, value)
          .lorem.words(Math.max(1, Math.min(40, value.trim().split(/\s+/).length)))
          .replace(/^./, (c) => c.toUpperCase());
    }
  }

  /**
   * A short keyed fingerprint of a credential: the same token always gives the same fingerprint, so a
   * recording can tell whose token an exchange carried without holding the token.
   */
  fingerprint(value: string): string {
    return this.digest('credential', value).toString('hex').slice(0, 12);
  }

  /** The replacement of one value of a kind; empty strings stay empty. */
  replace(kind: PersonalKind, value: string): string {
    if (value.trim() === '') return value;
    const key = `${kind}\u0000${value}`;
    let out = this.cache.get(key);
    if (out === undefined) {
      out = this.fresh(kind, value);
      this.cache.set(key, out);
    }
    return out;
  }
}
