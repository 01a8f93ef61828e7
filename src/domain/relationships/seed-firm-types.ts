import type { SeedContext } from '../area.js';
import { RELATIONSHIP_TYPES, type RelationshipTypeRecord } from './model.js';
import { fakerUuid } from '../shared/seed-random.js';

const DAY_MS = 86_400_000;

/** Roles a firm records per practice; with {@link PRACTICES} they give the firm's own types. */
const ROLES: readonly (readonly [name: string, sentence: string])[] = [
  ['Adviser', 'advises'],
  ['Co-counsel', 'is co-counsel with'],
  ['Expert witness', 'is an expert witness for'],
  ['Auditor', 'audits'],
  ['Banker', 'banks with'],
  ['Investor', 'invests with'],
  ['Consultant', 'consults for'],
  ['Supplier', 'supplies'],
  ['Journalist', 'writes about'],
  ['Regulator contact', 'is the regulator contact of'],
  ['Recruiter', 'recruits for'],
  ['Speaker', 'speaks alongside'],
];

const PRACTICES: readonly string[] = [
  'Banking',
  'Corporate',
  'Employment',
  'Intellectual property',
  'Litigation',
  'Private client',
  'Real estate',
  'Restructuring',
  'Tax',
];

/**
 * The firm's own relationship types (role × practice, 108 of them), so the store holds more types than
 * the common default page of 100 and the `relationshipTypes` default of 500 is observable (§8, A-155).
 * They come after everything else of the area, from the same area stream, so every other seeded value
 * stays as it was; no seeded relationship uses them.
 */
export function seedFirmTypes(ctx: SeedContext, fixtures: readonly RelationshipTypeRecord[]): void {
  const { tx, faker } = ctx;
  const ref = ctx.referenceDate.getTime();
  const general = fixtures.find((t) => t.strengthScale === 5 && t.status === 'Active');
  if (!general) return;
  const scales = new Map(fixtures.map((t) => [t.strengthScale, t.correlationRangeItems]));
  let n = 0;
  for (const practice of PRACTICES) {
    for (const [role, sentence] of ROLES) {
      const scale = [3, 4, 5][n % 3] as number;
      const name = `${role} (${practice})`;
      const id = fakerUuid(faker);
      const created = new Date(ref - (400 + n) * DAY_MS).toISOString();
      const record: RelationshipTypeRecord = {
        id,
        name,
        converse: name,
        category: practice,
        permissionId: general.permissionId,
        relationshipListingTypes: n % 4 === 0 ? ['PersonToCompany'] : ['PersonToPerson'],
        formerName: null,
        sentenceName: `${sentence} (${practice.toLowerCase()})`,
        formerSentenceName: null,
        converseId: id,
        formerInd: false,
        cleanInd: true,
        strengthScale: scale,
        correlationRangeItems: scales.get(scale) ?? general.correlationRangeItems,
        description: `${role} in ${practice.toLowerCase()} matters (a type of the firm's own).`,
        status: 'Active',
        disableEdit: false,
        createdAt: created,
        updatedAt: created,
      };
      tx.put(RELATIONSHIP_TYPES, record);
      n += 1;
    }
  }
}
