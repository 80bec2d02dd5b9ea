// The query keys of the news inbox; its queries and changes (and the administration's) take them from here.
export const newsKeys = {
  inbox: () => ['news', 'inbox'] as const,
};
