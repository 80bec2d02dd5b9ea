// What the news feature offers the shell and the other features.
export { inboxQueryOptions, useUnreadNewsCount } from './api/get-inbox.ts';
export { newsKeys } from './api/keys.ts';
export { NewsButton, NewsPanel } from './components/news-panel.tsx';
