/** Regions of the service (§1.4, §9.2); each keeps its own data. */
export const REGIONS = ['us', 'eu', 'au'] as const;

/** One region. */
export type Region = (typeof REGIONS)[number];

/** Whether `s` names a region. */
export function isRegion(s: unknown): s is Region {
  return typeof s === 'string' && (REGIONS as readonly string[]).includes(s);
}

/** What the domain knows of a tenant (a firm): its switches, not its credentials. */
export interface TenantSettings {
  /** Stable id, used in store file names and admin URLs. */
  id: string;
  /** The firm's name; also the name of the firm's own company contact. */
  name: string;
  /** Full cloud tenants may use the matter operations (§1.6). */
  fullCloud: boolean;
  /** Language-specific information is enabled in firm settings (§7.5). */
  languageSpecificInformation: boolean;
  /** The audit database feature; list and relationship events are recorded only while it is on (§6 rule 1). */
  auditFeature: boolean;
}
