// What the search feature offers the shell and the other features.
export { SearchPanel } from './components/search-panel.tsx';
