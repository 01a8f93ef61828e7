import { describe, expect, it } from '@jest/globals';
import { base, en, Faker } from '@faker-js/faker';
import { newEnglishFaker } from '../../src/simulator/english-faker.js';

/** A spread of what the seeders draw (names, companies, places, text, dates, ids), as one list. */
function draws(faker: Faker, seed: number): unknown[] {
  faker.seed(seed);
  faker.setDefaultRefDate(new Date('2026-01-01T00:00:00Z'));
  return Array.from({ length: 50 }, () => [
    faker.person.firstName(),
    faker.person.lastName(),
    faker.person.jobTitle(),
    faker.company.name(),
    faker.location.city(),
    faker.location.streetAddress(),
    faker.internet.email(),
    faker.phone.number(),
    faker.lorem.sentence(),
    faker.date.past().toISOString(),
    faker.string.uuid(),
    faker.number.int({ min: 0, max: 1000 }),
  ]);
}

describe('newEnglishFaker', () => {
  it('draws exactly what new Faker({ locale: [en, base] }) draws for a seed (seeded stores stay byte-identical)', () => {
    for (const seed of [1, 42, 4_294_967_295]) {
      expect(draws(newEnglishFaker(), seed)).toEqual(draws(new Faker({ locale: [en, base] }), seed));
    }
  });

  it('gives a new instance each time, so one seeder does not move another one’s stream', () => {
    const first = newEnglishFaker();
    const second = newEnglishFaker();
    first.seed(3);
    second.seed(3);
    const fromFirst = [first.person.firstName(), first.person.firstName()];
    expect(second.person.firstName()).toBe(fromFirst[0]);
  });
});
