// What single sign-on offers the other features: the login page's question and where its button leads.
export { ssoStartHref, useSsoAvailable } from './api/single-sign-on.ts';
