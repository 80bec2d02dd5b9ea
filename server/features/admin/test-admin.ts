// The callers of the Admin Panel's tests: a platform administrator, and a signed-in Owner who is not one.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { as, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

export async function adminCallers(t: TestApp) {
  const db = t.database.db;
  const root = await createUser(db, { email: `root${Date.now()}@admin.example`, isAdministrator: true });
  const owner = await createUser(db);
  await addMember(db, owner.id, (await createCloud(db)).id, 'ROLE_OWNER');
  return {
    administrator: await login(t.app, root.email, TEST_PASSWORD),
    administratorId: root.id,
    user: await login(t.app, owner.email, TEST_PASSWORD),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as this session (or as nobody), with a JSON body when given. */
export function caller(t: TestApp) {
  return (session: Session | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session ? as(session) : {}, ...(payload ? { payload } : {}) });
}

/** The newest change log records of one object type, newest first. */
export function recordsOf(db: Database, objectType: string) {
  return db
    .select()
    .from(auditRecords)
    .where(eq(auditRecords.objectType, objectType))
    .orderBy(desc(auditRecords.id));
}
