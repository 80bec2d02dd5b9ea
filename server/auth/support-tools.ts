import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { users } from '../db/schema/accounts.ts';
import type { Theme } from '../theme.ts';

/**
 * The support tools flag (docs/tools.md#who-may-run-them): the deployment offers support tools and the user
 * holds support_tools. The side menu shows Tools on the same two conditions (core/navigation/main-menu.ts).
 */
export async function hasSupportTools(db: Database, theme: Theme, userId: number): Promise<boolean> {
  if (!theme.support_tools_enabled) return false;
  const [row] = await db
    .select({ supportTools: users.supportTools })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.supportTools === true;
}
