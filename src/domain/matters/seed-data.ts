/** Static inputs of the matters seeder. */

/** Matter types and the kinds of work (name suffixes) seeded for each. */
export const MATTER_TYPE_SEEDS: ReadonlyArray<{ name: string; topics: readonly string[] }> = [
  {
    name: 'Litigation',
    topics: ['Supply Agreement Dispute', 'Shareholder Claim', 'Product Liability Defence'],
  },
  {
    name: 'Transactional',
    topics: ['Acquisition of Subsidiary', 'Joint Venture Formation', 'Asset Disposal'],
  },
  {
    name: 'Advisory',
    topics: ['General Corporate Advice', 'Board Governance Review', 'Data Protection Advice'],
  },
  { name: 'Regulatory', topics: ['Regulatory Investigation', 'Licence Application', 'Competition Filing'] },
  { name: 'Financing', topics: ['Refinancing of Credit Facility', 'Bond Issue', 'Project Finance'] },
  {
    name: 'Employment',
    topics: ['Executive Departure', 'Employment Tribunal Claim', 'Restructuring Consultation'],
  },
  {
    name: 'Intellectual Property',
    topics: ['Patent Portfolio Review', 'Trademark Opposition', 'Licensing Programme'],
  },
  {
    name: 'Real Estate',
    topics: ['Headquarters Lease Renewal', 'Portfolio Acquisition', 'Development Agreement'],
  },
];

/** Offices of the firm and the currency they bill in. */
export const OFFICE_SEEDS: ReadonlyArray<{ name: string; currency: string }> = [
  { name: 'New York', currency: 'USD' },
  { name: 'Chicago', currency: 'USD' },
  { name: 'London', currency: 'GBP' },
  { name: 'Frankfurt', currency: 'EUR' },
  { name: 'Sydney', currency: 'AUD' },
  { name: 'Singapore', currency: 'SGD' },
];

/** Matter statuses and how often each is seeded. */
export const STATUS_WEIGHTS: ReadonlyArray<{ value: string; weight: number }> = [
  { value: 'Open', weight: 14 },
  { value: 'Closed', weight: 5 },
  { value: 'Pending', weight: 1 },
];

/** Most months of financials a seeded matter carries. */
export const MAX_FINANCIAL_MONTHS = 24;
