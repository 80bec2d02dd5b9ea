// What the search feature offers the shell and the other features.

export { searchKeys } from './api/keys.ts';
export { SearchPanel } from './components/search-panel.tsx';
