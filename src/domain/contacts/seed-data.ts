import type { Region } from '../tenancy.js';

/** A real city the fixtures place addresses in; `postal` is a pattern (`#` digit, `?` letter). */
export interface CitySeed {
  city: string;
  state: string | null;
  isoCode: string;
  /** Country name used when the settings area has no `countries` record with this ISO code. */
  country: string;
  postal: string;
  /** Dialling prefix including the area code, e.g. `+1 212`. */
  phone: string;
  region: Region;
}

/** Cities of the fixtures; each region's data favours its own cities (data residency, §1.4). */
export const CITIES: readonly CitySeed[] = [
  {
    city: 'New York',
    state: 'NY',
    isoCode: 'US',
    country: 'United States',
    postal: '100##',
    phone: '+1 212',
    region: 'us',
  },
  {
    city: 'Boston',
    state: 'MA',
    isoCode: 'US',
    country: 'United States',
    postal: '021##',
    phone: '+1 617',
    region: 'us',
  },
  {
    city: 'Chicago',
    state: 'IL',
    isoCode: 'US',
    country: 'United States',
    postal: '606##',
    phone: '+1 312',
    region: 'us',
  },
  {
    city: 'San Francisco',
    state: 'CA',
    isoCode: 'US',
    country: 'United States',
    postal: '941##',
    phone: '+1 415',
    region: 'us',
  },
  {
    city: 'Los Angeles',
    state: 'CA',
    isoCode: 'US',
    country: 'United States',
    postal: '900##',
    phone: '+1 213',
    region: 'us',
  },
  {
    city: 'Seattle',
    state: 'WA',
    isoCode: 'US',
    country: 'United States',
    postal: '981##',
    phone: '+1 206',
    region: 'us',
  },
  {
    city: 'Austin',
    state: 'TX',
    isoCode: 'US',
    country: 'United States',
    postal: '787##',
    phone: '+1 512',
    region: 'us',
  },
  {
    city: 'Denver',
    state: 'CO',
    isoCode: 'US',
    country: 'United States',
    postal: '802##',
    phone: '+1 303',
    region: 'us',
  },
  {
    city: 'Atlanta',
    state: 'GA',
    isoCode: 'US',
    country: 'United States',
    postal: '303##',
    phone: '+1 404',
    region: 'us',
  },
  {
    city: 'Washington',
    state: 'DC',
    isoCode: 'US',
    country: 'United States',
    postal: '200##',
    phone: '+1 202',
    region: 'us',
  },
  {
    city: 'Miami',
    state: 'FL',
    isoCode: 'US',
    country: 'United States',
    postal: '331##',
    phone: '+1 305',
    region: 'us',
  },
  {
    city: 'Philadelphia',
    state: 'PA',
    isoCode: 'US',
    country: 'United States',
    postal: '191##',
    phone: '+1 215',
    region: 'us',
  },
  {
    city: 'Toronto',
    state: 'ON',
    isoCode: 'CA',
    country: 'Canada',
    postal: 'M5? #?#',
    phone: '+1 416',
    region: 'us',
  },
  {
    city: 'Vancouver',
    state: 'BC',
    isoCode: 'CA',
    country: 'Canada',
    postal: 'V6? #?#',
    phone: '+1 604',
    region: 'us',
  },
  {
    city: 'London',
    state: null,
    isoCode: 'GB',
    country: 'United Kingdom',
    postal: 'EC#? #??',
    phone: '+44 20',
    region: 'eu',
  },
  {
    city: 'Manchester',
    state: null,
    isoCode: 'GB',
    country: 'United Kingdom',
    postal: 'M# #??',
    phone: '+44 161',
    region: 'eu',
  },
  {
    city: 'Edinburgh',
    state: 'Scotland',
    isoCode: 'GB',
    country: 'United Kingdom',
    postal: 'EH# #??',
    phone: '+44 131',
    region: 'eu',
  },
  {
    city: 'Dublin',
    state: null,
    isoCode: 'IE',
    country: 'Ireland',
    postal: 'D0# ?###',
    phone: '+353 1',
    region: 'eu',
  },
  {
    city: 'Frankfurt am Main',
    state: 'Hesse',
    isoCode: 'DE',
    country: 'Germany',
    postal: '603##',
    phone: '+49 69',
    region: 'eu',
  },
  {
    city: 'Berlin',
    state: 'Berlin',
    isoCode: 'DE',
    country: 'Germany',
    postal: '101##',
    phone: '+49 30',
    region: 'eu',
  },
  {
    city: 'Munich',
    state: 'Bavaria',
    isoCode: 'DE',
    country: 'Germany',
    postal: '803##',
    phone: '+49 89',
    region: 'eu',
  },
  {
    city: 'Paris',
    state: 'Île-de-France',
    isoCode: 'FR',
    country: 'France',
    postal: '750##',
    phone: '+33 1',
    region: 'eu',
  },
  {
    city: 'Amsterdam',
    state: 'North Holland',
    isoCode: 'NL',
    country: 'Netherlands',
    postal: '10## ??',
    phone: '+31 20',
    region: 'eu',
  },
  {
    city: 'Sydney',
    state: 'NSW',
    isoCode: 'AU',
    country: 'Australia',
    postal: '20##',
    phone: '+61 2',
    region: 'au',
  },
  {
    city: 'Melbourne',
    state: 'VIC',
    isoCode: 'AU',
    country: 'Australia',
    postal: '30##',
    phone: '+61 3',
    region: 'au',
  },
  {
    city: 'Brisbane',
    state: 'QLD',
    isoCode: 'AU',
    country: 'Australia',
    postal: '40##',
    phone: '+61 7',
    region: 'au',
  },
  {
    city: 'Perth',
    state: 'WA',
    isoCode: 'AU',
    country: 'Australia',
    postal: '60##',
    phone: '+61 8',
    region: 'au',
  },
  {
    city: 'Auckland',
    state: null,
    isoCode: 'NZ',
    country: 'New Zealand',
    postal: '10##',
    phone: '+64 9',
    region: 'au',
  },
  {
    city: 'Singapore',
    state: null,
    isoCode: 'SG',
    country: 'Singapore',
    postal: '0#####',
    phone: '+65',
    region: 'au',
  },
];

/** Contact types of the fixtures, grouped in folders. */
export const CONTACT_TYPE_SEEDS = [
  { folder: 'Business Development', name: 'Client', pluralName: 'Clients', allowed: 'Any' },
  { folder: 'Business Development', name: 'Prospect', pluralName: 'Prospects', allowed: 'Any' },
  {
    folder: 'Business Development',
    name: 'Referral Source',
    pluralName: 'Referral Sources',
    allowed: 'Person',
  },
  { folder: 'Firm Relations', name: 'Alumni', pluralName: 'Alumni', allowed: 'Person' },
  { folder: 'Firm Relations', name: 'Vendor', pluralName: 'Vendors', allowed: 'Company' },
  { folder: 'Firm Relations', name: 'Media', pluralName: 'Media Contacts', allowed: 'Any' },
] as const;

/** Tags contacts carry. */
export const TAGS: readonly string[] = [
  'VIP',
  'Holiday Card',
  'Newsletter',
  'Board Member',
  'Speaker',
  'Alumni Network',
  'Event Attendee',
  'Key Client',
  'Golf Day',
  'General Counsel Forum',
  'Annual Conference',
  'Do Not Mail',
];

/** Job titles of people at client and prospect companies. */
export const CLIENT_JOB_TITLES: readonly string[] = [
  'General Counsel',
  'Associate General Counsel',
  'Senior Counsel',
  'Head of Legal',
  'Chief Executive Officer',
  'Chief Financial Officer',
  'Chief Operating Officer',
  'Chief Technology Officer',
  'Managing Director',
  'Director of Finance',
  'Tax Director',
  'Head of Compliance',
  'Company Secretary',
  'VP, Corporate Development',
  'Procurement Manager',
  'Head of People',
  'Investor Relations Manager',
  'Treasurer',
  'Legal Operations Manager',
  'Head of Real Estate',
];

/** Job titles of the firm's own people. */
export const FIRM_JOB_TITLES: readonly string[] = [
  'Partner',
  'Partner',
  'Senior Associate',
  'Associate',
  'Associate',
  'Of Counsel',
  'Paralegal',
  'Business Development Manager',
  'Marketing Coordinator',
  'Knowledge Manager',
];

/** Descriptions of relationship strengths 1..5. */
export const STRENGTH_DESCRIPTIONS: readonly string[] = [
  'Very weak',
  'Weak',
  'Moderate',
  'Strong',
  'Very strong',
];

/** Subjects and sentence parts of seeded notes. */
export const NOTE_SUBJECTS: readonly string[] = [
  'Introductory meeting',
  'Follow-up call',
  'Pitch debrief',
  'Conference conversation',
  'Lunch',
  'Referral discussion',
  'Annual relationship review',
  'Client feedback',
  'Seminar attendance',
  'Matter update',
];
export const NOTE_TOPICS: readonly string[] = [
  'the upcoming financing round',
  'their regulatory review',
  'a potential acquisition in the region',
  'the renewal of the supply agreement',
  'employment law changes for next year',
  'their expansion plans',
  'outside counsel guidelines',
  'the panel review timetable',
  'a cross-border tax question',
  'the litigation budget',
];
export const NOTE_NEXT_STEPS: readonly string[] = [
  'Send a summary and our credentials by Friday.',
  'Invite to the next client seminar.',
  'Set up a call with the practice group leader.',
  'No action needed for now.',
  'Share the relevant client alert.',
  'Follow up after the board meeting.',
  'Prepare a fee proposal.',
];

/** Personal e-mail domains for people without an employer. */
export const PERSONAL_DOMAINS: readonly string[] = ['gmail.com', 'outlook.com', 'icloud.com', 'yahoo.com'];

/** Profile templates: items are filled with contact-specific values. */
export const PROFILE_TEMPLATES = [
  {
    name: 'Client Profile',
    listingType: 'Company',
    contactType: 'Client',
    items: ['Client since', 'Relationship partner', 'Annual revenue', 'Fiscal year end'],
  },
  {
    name: 'Key Contact Profile',
    listingType: 'Person',
    contactType: 'Client',
    items: ['Preferred contact method', 'Relationship partner', 'Interests'],
  },
] as const;

export const MONTHS: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const INTERESTS: readonly string[] = [
  'Golf',
  'Sailing',
  'Opera',
  'Rugby',
  'Tennis',
  'Wine',
  'Cycling',
  'Art collecting',
  'Marathon running',
];
