import { describe, expect, it } from '@jest/globals';
import { MATTER_TYPE_SEEDS, OFFICE_SEEDS, STATUS_WEIGHTS } from '../../../src/domain/matters/seed-data.js';
import { SEED_OUTCOMES, SEED_TYPES, SEED_WORK } from '../../../src/domain/opportunities/seed-data.js';
import { MEASURES, OBJECTIVE_TYPE_SEEDS, TAG_SEEDS } from '../../../src/domain/planning/seed-data.js';
import { readFixture } from '../../../src/domain/shared/fixtures.js';

describe('readFixture (the seeders static tables in fixtures/)', () => {
  it('reads the tables of the matters, planning and opportunities seeders', () => {
    expect(MATTER_TYPE_SEEDS.map((t) => t.name)).toContain('Litigation');
    expect(OFFICE_SEEDS).toContainEqual({ name: 'London', currency: 'GBP' });
    expect(STATUS_WEIGHTS.map((s) => s.value)).toEqual(['Open', 'Closed', 'Pending']);
    expect(OBJECTIVE_TYPE_SEEDS.filter((t) => !t.isActive)).toHaveLength(1);
    expect(TAG_SEEDS.length).toBeGreaterThan(0);
    expect(MEASURES.every((m) => m.min < m.max)).toBe(true);
    expect(SEED_TYPES.every((t) => t.stages.length > 0)).toBe(true);
    expect(SEED_OUTCOMES.map((o) => o.name)).toEqual(['Won', 'Lost']);
    expect(SEED_WORK.length).toBeGreaterThan(0);
  });

  it('fails clearly on a file that is not there', () => {
    expect(() => readFixture('matters/no-such-file.json')).toThrow(/ENOENT.*no-such-file/);
  });
});
