/** Entry point of the seeds for main.ts and the tests. */
export { connectDemoAccounts, seedDemo } from './demo';
export { DEMO_CLUB_ACCOUNTS, DEMO_LOGINS, DEMO_ORGANISATION, type DemoLogin } from './demo-logins';
export { DEMO_PLATFORM_ADMIN, seedDemoPlatformAdmin } from './demo-platform-admin';
export { GOLF_CLUBS, type GolfClubSeed } from './golf-clubs';
export { seedHelpContent } from './help-content';
export { PACKAGES, type PackageSeed, seedReferenceData } from './reference-data';
