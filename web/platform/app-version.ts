// Vite replaces __APP_VERSION__ at build time; unit tests run without that step.
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';
