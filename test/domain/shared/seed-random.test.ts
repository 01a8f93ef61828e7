import { describe, expect, it } from '@jest/globals';
import { base, en, Faker } from '@faker-js/faker';
import { fakerUuid } from '../../../src/domain/shared/seed-random.js';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  return faker;
}

describe('fakerUuid', () => {
  it("gives faker's own string.uuid() and leaves its stream where faker's would", () => {
    for (const seed of [1, 7, 42, 20260601, 0xffffffff]) {
      const theirs = seeded(seed);
      const ours = seeded(seed);
      for (let i = 0; i < 2000; i++) {
        // Other draws in between, so a uuid that took more or fewer draws would shift what follows.
        expect(fakerUuid(ours)).toBe(theirs.string.uuid());
        if (i % 7 === 0) expect(ours.person.firstName()).toBe(theirs.person.firstName());
      }
      expect(ours.number.int()).toBe(theirs.number.int());
    }
  });

  it('is a version-4 GUID', () => {
    const faker = seeded(3);
    for (let i = 0; i < 200; i++) {
      expect(fakerUuid(faker)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });
});
