// API tokens (docs/api-tokens.md): what other features use.
export { PersonalTokensSection } from './components/personal-tokens-section.tsx';
