import './validation/zod-setup';

export * from './auth/auth.schemas';
export * from './company/company.schemas';
export * from './constants';
export * from './errors';
export * from './landing/landing.schemas';
export * from './organizations/organizations.schemas';
export * from './permissions/scopes';
export * from './users/users.schemas';
export * from './validation/issues';
export * from './validation/messages';
export * from './validation/rules';
