import fc from 'fast-check';
import { SPEC_REGIONS } from '../contract/endpoint.js';
import { INVARIANT_BASIS } from './invariants.js';
import type { EntityLinks } from './links.js';
import { pick, type FuzzModel, type FuzzReal } from './model.js';

type Cmd = fc.AsyncCommand<FuzzModel, FuzzReal, boolean>;

/** Every entity the sequence holds, with the root query that reads it by id. */
function readable(m: FuzzModel, entities: readonly EntityLinks[]): { capture: string; read: string }[] {
  return [
    ...m.lists.map((h) => ({ capture: h.capture, read: 'list' })),
    ...m.activities.map((h) => ({ capture: h.capture, read: 'activity' })),
    ...m.entities.flatMap((h) => {
      const read = entities.find((e) => e.type === h.type)?.read;
      return read ? [{ capture: h.capture, read }] : [];
    }),
  ];
}

/** Nothing written in the target's region is visible in another region (§1.4): its id reads as null there. */
class RegionIsolation implements Cmd {
  constructor(
    readonly entities: readonly EntityLinks[],
    readonly index: number,
    readonly region: number,
  ) {}
  check = (m: FuzzModel): boolean => readable(m, this.entities).length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const target = real.session.options.target;
    const h = pick(readable(m, this.entities), this.index);
    const other = pick(
      SPEC_REGIONS.filter((r) => r !== (target.region ?? 'us')),
      this.region,
    );
    if (!h || !other || !target.endpointIn) return;
    await real.session.send({
      id: 'otherRegion',
      region: other,
      document: `query OtherRegion($id: ID!) { byId: ${h.read}(id: $id) { id } }`,
      variables: { id: `\${captures.${h.capture}}` },
      expect: [{ path: 'data.byId', equals: null, basis: [INVARIANT_BASIS.regions] }],
    });
  }
  toString = (): string => `region isolation [${this.index}] → region ${this.region}`;
}

/** The region isolation command, for targets that reach more than one region. */
export function regionArbitrary(entities: readonly EntityLinks[]): fc.Arbitrary<Cmd> {
  return fc
    .tuple(fc.nat({ max: 20 }), fc.nat({ max: 1 }))
    .map(([i, r]) => new RegionIsolation(entities, i, r));
}
