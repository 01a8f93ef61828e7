/** Static inputs of the planning seeder: realistic names a business-development team would use. */

/** Objective types of the firm; the last one is retired (inactive). */
export const OBJECTIVE_TYPE_SEEDS: ReadonlyArray<{ name: string; description: string; isActive: boolean }> = [
  { name: 'Client Growth', description: 'Grow revenue from existing clients.', isActive: true },
  { name: 'Market Expansion', description: 'Enter a new geography or sector.', isActive: true },
  { name: 'Cross-Selling', description: 'Introduce further practices to a client.', isActive: true },
  { name: 'Key Client Program', description: 'Structured care of the firm’s key clients.', isActive: true },
  { name: 'Practice Development', description: 'Build the profile of one practice group.', isActive: true },
  { name: 'Thought Leadership', description: 'Publications, events and speaking slots.', isActive: true },
  { name: 'Panel Appointments', description: 'Win or keep places on client panels.', isActive: true },
  { name: 'Legacy Growth Plan', description: 'Planning category used before 2024.', isActive: false },
];

/** Market regions and the ISO codes of countries in them (all in the settings fixtures). */
export const MARKET_REGIONS: ReadonlyArray<{ name: string; countries: readonly string[]; currency: string }> =
  [
    { name: 'EMEA', countries: ['GB', 'DE', 'FR', 'IE', 'CH', 'NL', 'AE'], currency: 'EUR' },
    { name: 'North America', countries: ['US', 'CA'], currency: 'USD' },
    { name: 'APAC', countries: ['AU', 'SG', 'JP', 'HK'], currency: 'AUD' },
    { name: 'the UK', countries: ['GB'], currency: 'GBP' },
    { name: 'Latin America', countries: ['BR', 'MX', 'CL'], currency: 'USD' },
  ];

/** Objective names; `{industry}`, `{practice}`, `{region}`, `{company}` are filled from the data. */
export const OBJECTIVE_TEMPLATES: readonly string[] = [
  'Grow {industry} clients in {region}',
  'Expand {practice} work with {industry} clients',
  'Increase wallet share with {company}',
  'Build {practice} presence in {region}',
  'Become trusted advisor to {company}',
  'Win panel appointments with {industry} companies',
  'Cross-sell {practice} to {industry} clients in {region}',
  'Deepen general counsel relationships in {industry}',
];

/** Initiative names, filled like the objective names (plus `{city}`). */
export const INITIATIVE_TEMPLATES: readonly string[] = [
  'Host {industry} roundtable in {city}',
  'Client listening programme for {company}',
  'Secondment programme with {company}',
  '{practice} briefing series',
  'Pitch for the {company} panel review',
  'Key contact mapping at {company}',
  'Quarterly relationship reviews with {company}',
  '{practice} webinar for {industry} in-house teams',
  'Sponsor the {region} {industry} summit',
];

/** Cities for event-style initiatives. */
export const EVENT_CITIES: readonly string[] = [
  'London',
  'New York',
  'Frankfurt',
  'Chicago',
  'Sydney',
  'Singapore',
  'Toronto',
  'Dublin',
];

/** Tags `{ type, displayName }` planners attach. */
export const TAG_SEEDS: ReadonlyArray<{ type: string; displayName: string }> = [
  { type: 'Priority', displayName: 'Board priority' },
  { type: 'Priority', displayName: 'Practice priority' },
  { type: 'Segment', displayName: 'Top 50 client' },
  { type: 'Segment', displayName: 'Growth market' },
  { type: 'Fiscal year', displayName: 'FY2026' },
  { type: 'Fiscal year', displayName: 'FY2027' },
  { type: 'Programme', displayName: 'Key account programme' },
];

/** Measures of success by type. */
export const MEASURES: ReadonlyArray<{
  description: string;
  measurementType: 'Currency' | 'Number' | 'Percentage';
  numberType?: 'Integer' | 'Decimal';
  min: number;
  max: number;
}> = [
  { description: 'New fee income', measurementType: 'Currency', min: 250_000, max: 5_000_000 },
  { description: 'New matters opened', measurementType: 'Number', numberType: 'Integer', min: 5, max: 60 },
  { description: 'Growth in wallet share', measurementType: 'Percentage', min: 5, max: 40 },
  {
    description: 'Client satisfaction score',
    measurementType: 'Number',
    numberType: 'Decimal',
    min: 7,
    max: 10,
  },
  { description: 'Cross-sold practices', measurementType: 'Number', numberType: 'Integer', min: 2, max: 8 },
];

/** Descriptions of objectives and initiatives. */
export const DESCRIPTIONS: readonly string[] = [
  'Coordinated plan agreed by the practice leaders at the annual planning meeting.',
  'Focus on the decision makers identified in the last client review.',
  'Owned by the relationship partner; progress is reviewed every quarter.',
  'Builds on the feedback from the client listening interviews.',
  'Part of the firm-wide growth strategy for the next two fiscal years.',
];
