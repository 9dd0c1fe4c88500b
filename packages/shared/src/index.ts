import './validation/zod-setup';

export * from './constants';
export * from './errors';
export * from './validation/messages';
export * from './validation/issues';
export * from './validation/rules';
export * from './permissions/scopes';
export * from './auth/auth.schemas';
export * from './users/users.schemas';
export * from './company/company.schemas';
export * from './organizations/organizations.schemas';
export * from './landing/landing.schemas';
