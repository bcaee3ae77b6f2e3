import type { FirstPageResources, LazyResources } from './lib/i18n';

// Keys are typed from the English files: a missing or misspelled key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: FirstPageResources & LazyResources;
    returnNull: false;
  }
}
