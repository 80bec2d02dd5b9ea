/// <reference types="vite/client" />

/** The web build's version (package.json), sent as X-App-Version with every API call. */
declare const __APP_VERSION__: string;
