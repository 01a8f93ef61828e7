import type { Counted, FuzzSession } from './session.js';

/** An entity the sequence created, known by the capture that holds its id. */
export interface Handle {
  /** Capture name holding the id (`list1`); steps refer to it as `${captures.list1}`. */
  capture: string;
  /** The unique name or subject it was created with. */
  name: string;
}

/** A contact's membership of a list the sequence created. */
export interface Membership {
  list: Handle;
  /** Capture name of the seeded contact. */
  contact: string;
}

/** An entity created through the links derived from the contract (src/fuzz/links.ts). */
export interface EntityHandle extends Handle {
  type: string;
  /** The entities its creation linked it to (`targetCompanyId` → a company's capture). */
  refs: { field: string; type: string; capture: string; required: boolean }[];
  /** Events its event view held at the last read-back, and the step that read them (simulator only). */
  events?: Counted;
}

/** What the model believes the target holds: only what this sequence created. */
export interface FuzzModel {
  lists: Handle[];
  activities: Handle[];
  members: Membership[];
  /** Capture names of seeded contacts read in the setup step. */
  contacts: string[];
  /** Entities created by the contract-derived commands, in creation order. */
  entities: EntityHandle[];
  /** Capture names of seeded entities by type (`Company`, `Person`), read in the setup step. */
  seeded: Record<string, string[]>;
}

/** The real side of a command: the session and whether writes are allowed. */
export interface FuzzReal {
  session: FuzzSession;
  /** Prefix that makes every name this run writes unique and recognisable (`rm-fuzz <run> `). */
  prefix: string;
  /** The simulator records list events for the full tenant (audit feature on, A-64). */
  checkEvents: boolean;
}

/** A fresh, empty model. */
export function emptyModel(): FuzzModel {
  return { lists: [], activities: [], members: [], contacts: [], entities: [], seeded: {} };
}

/** The `index`-th item of a non-empty list, wrapping around (commands are drawn before the state is known). */
export function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}
