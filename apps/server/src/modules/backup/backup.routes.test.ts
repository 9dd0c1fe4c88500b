import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, seedReference, signupOwner } from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { DEMO_PLATFORM_ADMIN, seedDemoPlatformAdmin } from '../../db/seed/demo-platform-admin';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { notifications } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import { readBackup } from './backup.archive';
import { runNightlyBackup } from './backup.service';

let t: TestApp;
let app: App;
let adminToken: string;
let clubToken: string;
const backupDir = mkdtempSync(path.join(tmpdir(), 'fairway-backups-'));

beforeAll(async () => {
  t = await createTestApp({ BACKUP_DIR: backupDir, BACKUP_KEEP: 2 });
  app = t.app;
  await seedReference(app);
  await seedDemoPlatformAdmin(app.db);
  const login = await loginAs(app, DEMO_PLATFORM_ADMIN.email, DEMO_PLATFORM_ADMIN.password);
  adminToken = (login.json() as { data: { accessToken: string } }).data.accessToken;
  clubToken = (await signupOwner(app)).session.accessToken;
});

afterAll(async () => {
  await t?.close();
});

async function adminEvents() {
  const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PLATFORM_ADMIN.email));
  const events = await app.db.select().from(eventLogs).where(eq(eventLogs.resource, 'settings'));
  const notes = await app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, admin?.id ?? ''), eq(notifications.subject, 'backup.failedSubject')));
  return { events, notes };
}

describe('backup routes', () => {
  it('gives a platform admin a backup of the whole database, and nobody else', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/backups', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="fairway-.*\.fwbk"/);
    const { manifest } = readBackup(res.rawPayload);
    expect(manifest.tables.users).toBeGreaterThanOrEqual(2);

    expect((await app.inject({ method: 'POST', url: '/api/v1/backups', headers: bearer(clubToken) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v1/backups' })).statusCode).toBe(401);
  });

  it('answers the local backup route only with the data folder token (none for an in-memory database)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/backups/local',
      headers: { 'x-fairway-backup-token': 'guess' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the nightly backup', () => {
  it('writes to BACKUP_DIR, keeps BACKUP_KEEP files, and logs the result for the platform admins', async () => {
    for (const day of [1, 2, 3]) await runNightlyBackup(app, new Date(Date.UTC(2026, 10, day, 1, 30)));
    const files = readdirSync(backupDir).sort();
    expect(files).toEqual(['fairway-nightly-2026-11-02T01-30-00Z.fwbk', 'fairway-nightly-2026-11-03T01-30-00Z.fwbk']);
    expect(readBackup(readFileSync(path.join(backupDir, files[1] as string))).manifest.tables.users).toBeGreaterThanOrEqual(2);
    const { events } = await adminEvents();
    expect(events.filter((e) => e.activity === 'backup.written' && e.type === 'SUCCESS')).toHaveLength(3);
  });

  it('logs a failure and notifies the platform admins', async () => {
    const notAFolder = path.join(backupDir, 'not-a-folder');
    writeFileSync(notAFolder, 'x');
    const broken = { ...app, config: { ...app.config, BACKUP_DIR: notAFolder } } as unknown as App;
    await expect(runNightlyBackup(broken)).rejects.toThrow();
    const { events, notes } = await adminEvents();
    expect(events.filter((e) => e.activity === 'backup.failed' && e.type === 'ERROR')).toHaveLength(1);
    expect(notes).toHaveLength(1);
  });
});
