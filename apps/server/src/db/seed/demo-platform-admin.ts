import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import { grantPlatformAdmin } from '../../modules/help/help.repository';
import { createOrganisationWithOwner } from '../../modules/organizations/organizations.service';
import type { Db } from '../client';
import { users } from '../schema';

/**
 * The demo's platform admin: one of the portal company's own staff, who edits the blog, FAQ, video
 * guides, screenshots and help texts. Signing in needs an organisation, so the portal company has
 * its own (it is nobody's golf club and has no GIT or accounting data).
 */
export const DEMO_PLATFORM_ADMIN = {
  role: 'Platform admin',
  name: 'Sofia Ek',
  email: 'editor@demo.fairway.se',
  password: 'Fairway!Editor1',
  organisation: { name: 'Fairway Support AB', organisationNumber: '559288-7151' },
} as const;

/** Creates the demo platform admin once; running it again changes nothing. */
export async function seedDemoPlatformAdmin(db: Db): Promise<void> {
  const [already] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PLATFORM_ADMIN.email));
  if (already) {
    await grantPlatformAdmin(db, already.id);
    return;
  }
  const passwordHash = await hashPassword(DEMO_PLATFORM_ADMIN.password);
  await db.transaction(async (tx) => {
    const created = await createOrganisationWithOwner(tx, {
      organisation: {
        name: DEMO_PLATFORM_ADMIN.organisation.name,
        packageId: 'free',
        accountingProgram: 'fortnox',
        organisationNumber: DEMO_PLATFORM_ADMIN.organisation.organisationNumber,
      },
      clubAccount: { name: DEMO_PLATFORM_ADMIN.organisation.name },
      owner: { email: DEMO_PLATFORM_ADMIN.email, name: DEMO_PLATFORM_ADMIN.name, passwordHash },
      golfclubAdmin: false,
    });
    await grantPlatformAdmin(tx, created.userId);
  });
}
