/// <reference types="vite/client" />

/** The app's own version (package.json), set at build time by vite.config.ts. */
declare const __APP_VERSION__: string;
