/** Fixed inputs of the opportunity fixtures: lookup values, stage templates and title phrases. */

/** An opportunity type with its stage template; inactive types stay on older opportunities. */
export interface SeedType {
  name: string;
  description: string;
  isActive: boolean;
  stages: readonly string[];
}

export const SEED_TYPES: readonly SeedType[] = [
  {
    name: 'New Client Pursuit',
    description: 'Winning work from a company the firm has not acted for.',
    isActive: true,
    stages: ['Identified', 'Qualified', 'Proposal', 'Negotiation', 'Engagement Letter'],
  },
  {
    name: 'Cross-Selling',
    description: 'Introducing another practice to an existing client.',
    isActive: true,
    stages: ['Identified', 'Qualified', 'Proposal', 'Negotiation'],
  },
  {
    name: 'Panel Appointment / RFP',
    description: 'Responding to a request for proposal or a panel review.',
    isActive: true,
    stages: ['Identified', 'Qualified', 'RFP Received', 'Proposal Submitted', 'Pitch', 'Negotiation'],
  },
  {
    name: 'Matter Expansion',
    description: 'Growing the scope of an ongoing matter.',
    isActive: true,
    stages: ['Identified', 'Qualified', 'Proposal', 'Negotiation'],
  },
  {
    name: 'Legacy Pitch',
    description: 'Retired type of the former pitch process.',
    isActive: false,
    stages: ['Identified', 'Qualified', 'Pitch', 'Negotiation'],
  },
];

/** Origination sources; one retired. */
export const SEED_SOURCES: ReadonlyArray<{ name: string; description: string; isActive: boolean }> = [
  { name: 'Client Referral', description: 'Referred by an existing client.', isActive: true },
  { name: 'Partner Network', description: 'Introduced by a partner of the firm.', isActive: true },
  { name: 'Alumni Network', description: 'Introduced by a former colleague.', isActive: true },
  { name: 'Conference or Event', description: 'Met at a conference, seminar or event.', isActive: true },
  { name: 'Website Inquiry', description: 'Contacted the firm through its website.', isActive: true },
  { name: 'Cold Outreach', description: 'Retired: unsolicited outreach campaign.', isActive: false },
];

/** Outcomes with their reasons; some reasons are retired (A-46: kept on old opportunities). */
export const SEED_OUTCOMES: ReadonlyArray<{
  name: string;
  description: string;
  reasons: ReadonlyArray<{ name: string; isActive: boolean }>;
}> = [
  {
    name: 'Won',
    description: 'The client engaged the firm.',
    reasons: [
      { name: 'Existing relationship', isActive: true },
      { name: 'Sector expertise', isActive: true },
      { name: 'Competitive fees', isActive: true },
      { name: 'Strong pitch team', isActive: true },
      { name: 'Incumbent advantage', isActive: false },
    ],
  },
  {
    name: 'Lost',
    description: 'The client chose not to engage the firm.',
    reasons: [
      { name: 'Fees too high', isActive: true },
      { name: 'Chose a competitor', isActive: true },
      { name: 'Conflict of interest', isActive: true },
      { name: 'Client postponed the work', isActive: true },
      { name: 'Budget cut (legacy)', isActive: false },
    ],
  },
];

/** Kinds of work an opportunity is about; the title is "<company>: <work>". */
export const SEED_WORK = [
  'Acquisition advisory',
  'Commercial litigation',
  'Employment restructuring',
  'Regulatory review',
  'Data privacy programme',
  'Financing and refinancing',
  'IP portfolio strategy',
  'Tax structuring',
  'Supply chain contracts',
  'Real estate portfolio',
  'Competition clearance',
  'Internal investigation',
] as const;

/** Work type ids have no lookup in the contract: a fixed set of names, ids drawn by the seeder. */
export const SEED_WORK_TYPES = ['Advisory', 'Transactional', 'Contentious', 'Regulatory'] as const;

export const SEED_TAGS = [
  'priority',
  'pitch',
  'key client',
  'cross-border',
  'fixed fee',
  'partner-led',
] as const;
