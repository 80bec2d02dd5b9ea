// The query keys of the platform administration pages; their queries and changes take them from here.
export const adminKeys = {
  all: () => ['admin'] as const,
  users: (search: string, offset: number) => [...adminKeys.all(), 'users', search, offset] as const,
  cloudLists: () => [...adminKeys.all(), 'clouds'] as const,
  clouds: (search: string, offset: number) => [...adminKeys.cloudLists(), search, offset] as const,
  videos: () => [...adminKeys.all(), 'videos'] as const,
  errorReports: (offset: number) => [...adminKeys.all(), 'error-reports', offset] as const,
  newsPostLists: () => [...adminKeys.all(), 'news-posts'] as const,
  newsPosts: (offset: number) => [...adminKeys.newsPostLists(), offset] as const,
};
