// The query keys of single sign-on; its queries and changes take them from here.
export const singleSignOnKeys = {
  discover: (domain: string) => ['single-sign-on', 'discover', domain] as const,
  settings: (cloudId: number) => ['single-sign-on', 'settings', cloudId] as const,
};
