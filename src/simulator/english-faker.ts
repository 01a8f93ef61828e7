import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

/**
 * A new faker on English over faker's base data, as `new Faker({ locale: [en, base] })` builds it.
 * Taken from faker's English entry point rather than its index: the index evaluates all of faker's
 * ~70 locales, about a third of what `serve` did before its first answer (seeding needs only English).
 */
export function newEnglishFaker(): Faker {
  // The entry point exports an instance only; its constructor is faker's `Faker` class.
  const FakerClass = english.constructor as typeof Faker;
  return new FakerClass({ locale: english.rawDefinitions });
}
