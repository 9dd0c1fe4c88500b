import type { RoleName } from '@fairway/shared';

/**
 * The demo organisation's public facts, free of server dependencies so the README generator and the
 * browser tests can import them without loading the database or Argon2.
 */

export interface DemoLogin {
  role: RoleName;
  name: string;
  email: string;
  password: string;
}

/**
 * One user per default role (docs/permissions.md#roles). The passwords follow the password rule (upper, lower, digit and one
 * of !@#$%&*()), in ASCII so they can be typed on any keyboard layout. They are public on purpose:
 * the README prints them and the browser tests sign in with them.
 */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { role: 'Owner', name: 'Anna Lindqvist', email: 'owner@demo.fairway.se', password: 'Fairway!Owner1' },
  { role: 'Manager', name: 'Johan Bergström', email: 'manager@demo.fairway.se', password: 'Fairway!Manager1' },
  { role: 'Accountant', name: 'Maria Nilsson', email: 'accountant@demo.fairway.se', password: 'Fairway!Accountant1' },
  { role: 'Staff', name: 'Erik Johansson', email: 'staff@demo.fairway.se', password: 'Fairway!Staff1' },
  { role: 'Other', name: 'Karin Holm', email: 'other@demo.fairway.se', password: 'Fairway!Other1' },
];

/** Organisation numbers with valid check digits (Luhn), in the ranges of a non-profit and an AB. */
export const DEMO_ORGANISATION = {
  name: 'Fairway Demo GK',
  organisationNumber: '802499-1237',
  invoiceAddress: 'Golfvägen 12',
  zipCode: '752 67',
  city: 'Uppsala',
  country: 'Sverige',
  billingEmail: 'ekonomi@demo.fairway.se',
  // Plus: the smallest package with duplicate detection, so the golf demo shows Dubbelkoll at work
  // too (docs/duplicates.md#demo-data).
  packageId: 'plus',
  accountingProgram: 'fortnox',
} as const;

/** The club keeps its books in Fortnox, its operating company in Visma eEkonomi (docs/accounting.md#simulators). */
export const DEMO_CLUB_ACCOUNTS = [
  { name: 'Fairway Demo GK', organisationNumber: '802499-1237', accountingProgram: 'fortnox' },
  { name: 'Fairway Demo GK Drift AB', organisationNumber: '559412-3456', accountingProgram: 'visma_eekonomi' },
] as const;

/**
 * Dubbelkoll's demo (BRAND=dubbelkoll, docs/brands.md#dubbelkoll): a company on the Business tier
 * whose books are in Fortnox (the simulator), with the same logins as the golf demo.
 */
export const DEMO_DUBBELKOLL_COMPANY = {
  name: 'Dubbelkoll Demo AB',
  organisationNumber: '559412-3456',
  invoiceAddress: 'Kungsgatan 8',
  zipCode: '753 21',
  city: 'Uppsala',
  country: 'Sverige',
  billingEmail: 'ekonomi@demo.fairway.se',
  tierId: 'business',
  accountingProgram: 'fortnox',
} as const;
