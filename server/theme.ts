import { readFileSync } from 'node:fs';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

/** Deployment-level white-label settings sent to the web app (docs/decisions.md). */
export const ThemeSchema = Type.Object(
  {
    productName: Type.String({ minLength: 1, maxLength: 80 }),
    logoUrl: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    primaryColor: Type.Union([Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }), Type.Null()]),
    newsEnabled: Type.Boolean(),
    addonsEnabled: Type.Boolean(),
    supportToolsEnabled: Type.Boolean(),
    privacyPolicyUrl: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    helpUrl: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    // {cloudId} is replaced with the current cloud's id by the web app.
    pathAnalysisUrl: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
export type Theme = Static<typeof ThemeSchema>;

export const DEFAULT_THEME: Theme = {
  productName: 'Network Console',
  logoUrl: null,
  primaryColor: null,
  newsEnabled: true,
  addonsEnabled: true,
  supportToolsEnabled: true,
  privacyPolicyUrl: 'https://example.com/privacy',
  helpUrl: 'https://example.com/help',
  pathAnalysisUrl: '/v2/cloud/{cloudId}/linqpath',
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
