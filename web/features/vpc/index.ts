// What VPC branding offers the shell and the other features: the theme of the host the console is opened on.
export { useCachedPublicTheme, usePublicTheme } from './api/public-theme.ts';
