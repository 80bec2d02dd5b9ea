// Screenshots of the console as a signed-in user at phone and desktop widths, for the README and reviews.
// Usage: node scripts/screenshots.ts <base url> <out dir> [email] [path ...]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.ts';

const [baseUrl = 'http://localhost:8080', outDir = 'screenshots', email = 'owner@demo.example', ...paths] =
  process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/cloud/1/dashboard'];
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(CHROMIUM_LAUNCH);
for (const width of [375, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
  await page.goto(`${baseUrl}/welcome/login`);
  await page.screenshot({ path: join(outDir, `login-${width}.png`) });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo-console');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/cloud\/\d+\//);
  // A newcomer's first visit opens the What's new dialog; the pages are what is shot.
  const firstVisit = page.getByRole('dialog', { name: "What's new" });
  const shown = await firstVisit.waitFor({ timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (shown) {
    await firstVisit.getByRole('button', { name: 'Close' }).last().click();
  }
  for (const path of pages) {
    await page.goto(`${baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.close();
}
await browser.close();
