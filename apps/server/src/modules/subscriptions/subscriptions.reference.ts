/** SMS plans of the customer-care page; prices in öre per month ex VAT. */
export const SMS_PLANS = [
  { id: 'sms-100', name: 'SMS 100', smsPerMonth: 100, monthlyPriceOre: 9_900, sortOrder: 1 },
  { id: 'sms-250', name: 'SMS 250', smsPerMonth: 250, monthlyPriceOre: 22_500, sortOrder: 2 },
  { id: 'sms-500', name: 'SMS 500', smsPerMonth: 500, monthlyPriceOre: 42_500, sortOrder: 3 },
  { id: 'sms-1000', name: 'SMS 1000', smsPerMonth: 1000, monthlyPriceOre: 79_000, sortOrder: 4 },
  { id: 'sms-2500', name: 'SMS 2500', smsPerMonth: 2500, monthlyPriceOre: 187_500, sortOrder: 5 },
] as const;

/**
 * The product's modules and the smallest package carrying each (a bigger package has them all).
 * A module is listed from the package whose clubs can use it: statistics (the dashboard home shows
 * it to every club) and the API configuration with GIT's automatic sync are open to every package.
 */
export const PRODUCT_MODULES = [
  { id: 'invoicing', name: 'Invoicing', includedFromPackageId: 'free', sortOrder: 1 },
  { id: 'customers-articles', name: 'Customers and articles', includedFromPackageId: 'free', sortOrder: 2 },
  { id: 'contracts', name: 'Contracts', includedFromPackageId: 'small', sortOrder: 3 },
  { id: 'git-members', name: 'GIT members and fees', includedFromPackageId: 'small', sortOrder: 4 },
  { id: 'member-care', name: 'Member care and newsletters', includedFromPackageId: 'standard', sortOrder: 5 },
  { id: 'sms', name: 'SMS sendouts', includedFromPackageId: 'standard', sortOrder: 6 },
  { id: 'statistics', name: 'Statistics', includedFromPackageId: 'free', sortOrder: 7 },
  { id: 'duplicates', name: 'Duplicate detection', includedFromPackageId: 'plus', sortOrder: 8 },
  { id: 'api-automation', name: 'API and automatic sync', includedFromPackageId: 'free', sortOrder: 9 },
] as const;
