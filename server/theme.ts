import { readFileSync } from 'node:fs';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

/** Deployment-level white-label settings sent to the web app (docs/decisions.md). */
export const ThemeSchema = Type.Object(
  {
    product_name: Type.String({ minLength: 1, maxLength: 80 }),
    logo_url: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    // The page icon; null keeps the web app's own (docs/vpc.md).
    favicon_url: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    primary_color: Type.Union([Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }), Type.Null()]),
    news_enabled: Type.Boolean(),
    addons_enabled: Type.Boolean(),
    support_tools_enabled: Type.Boolean(),
    privacy_policy_url: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    help_url: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    // A few lines the sign-in page shows under the product name (docs/vpc.md).
    sign_in_text: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    // {cloudId} is replaced with the current cloud's id by the web app.
    path_analysis_url: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
export type Theme = Static<typeof ThemeSchema>;

export const DEFAULT_THEME: Theme = {
  product_name: 'Network Console',
  logo_url: null,
  favicon_url: null,
  primary_color: null,
  news_enabled: true,
  addons_enabled: true,
  support_tools_enabled: true,
  privacy_policy_url: 'https://example.com/privacy',
  help_url: 'https://example.com/help',
  sign_in_text: null,
  path_analysis_url: '/v2/cloud/{cloudId}/linqpath',
};

/** Reads a theme file: a JSON object whose keys override the default theme. */
export function loadTheme(path: string): Theme {
  let overrides: unknown;
  try {
    overrides = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`THEME_FILE ${path} could not be read as JSON: ${(error as Error).message}`);
  }
  const theme = { ...DEFAULT_THEME, ...(overrides as object) };
  const problems = [...Value.Errors(ThemeSchema, theme)].map((e) => `${e.instancePath || '/'} ${e.message}`);
  if (problems.length > 0) throw new Error(`THEME_FILE ${path} is not a valid theme: ${problems.join('; ')}`);
  return theme;
}
