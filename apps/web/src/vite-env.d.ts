/// <reference types="vite/client" />

/** package.json version, injected at build time (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
