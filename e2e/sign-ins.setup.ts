// Signs in each shared demo account once for the whole run (e2e/support/sessions.ts).
import { writeFileSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { PASSWORD, SHARED_ACCOUNTS, type StoredSession, sessionFile } from './support/sessions.ts';

setup('sign in the shared demo accounts', async ({ playwright, baseURL }) => {
  for (const email of SHARED_ACCOUNTS) {
    const api = await playwright.request.newContext({ baseURL });
    const response = await api.post('/apiv2/auth/login', { data: { email, password: PASSWORD } });
    expect(response.status(), `${email}: ${await response.text()}`).toBe(200);
    const me = await (await api.get('/apiv2/auth/me')).json();
    const { cookies } = await api.storageState();
    const session: StoredSession = { cookies, userId: me.user.id, defaultCloudId: me.default_cloud_id };
    writeFileSync(sessionFile(email), JSON.stringify(session));
    await api.dispose();
  }
});
