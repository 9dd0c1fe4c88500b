import { DEFAULT_ROLE_SCOPES } from '@fairway/shared';
import { describe, expect, it } from 'vitest';
import { navHome, visibleNavGroups } from './navigation';

const linkIds = (...args: Parameters<typeof visibleNavGroups>) =>
  visibleNavGroups(...args).flatMap((g) => g.links.map((l) => l.id));
const groupIds = (...args: Parameters<typeof visibleNavGroups>) => visibleNavGroups(...args).map((g) => g.id);

describe('navigation by brand and module', () => {
  it("Fairway: the golf portal's groups, and Duplicates only for an organisation with the module", () => {
    const owner = DEFAULT_ROLE_SCOPES.Owner;
    expect(groupIds(owner, { brand: 'fairway', modules: [] })).toEqual([
      'accounting',
      'golf',
      'configuration',
      'help',
      'memberCare',
    ]);
    expect(linkIds(owner, { brand: 'fairway', modules: ['duplicates'] })).toContain('duplicates');
    expect(linkIds(owner, { brand: 'fairway', modules: ['invoicing', 'statistics'] })).not.toContain('duplicates');
    // The module does not replace the scope.
    expect(linkIds(['invoices.read'], { brand: 'fairway', modules: ['duplicates'] })).not.toContain('duplicates');
    expect(navHome('fairway').to).toBe('/dashboard');
  });

  it('Dubbelkoll: its home is the duplicates page; configuration and help, no golf groups', () => {
    for (const role of ['Owner', 'Manager', 'Accountant'] as const) {
      expect(groupIds(DEFAULT_ROLE_SCOPES[role], { brand: 'dubbelkoll', modules: ['duplicates'] })).toEqual([
        'configuration',
        'help',
      ]);
    }
    const links = linkIds(DEFAULT_ROLE_SCOPES.Owner, { brand: 'dubbelkoll' });
    expect(links).toEqual(expect.arrayContaining(['integrations', 'configurationSettings', 'users']));
    for (const golf of ['members', 'git', 'fees', 'receipts', 'emailSendouts', 'invoices']) expect(links).not.toContain(golf);
    expect(navHome('dubbelkoll')).toMatchObject({ id: 'duplicates', to: '/dashboard/duplicates' });
  });
});
