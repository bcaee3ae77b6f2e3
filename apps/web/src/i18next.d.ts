import type { LazyResources, resources } from './lib/i18n';

// Keys are typed from the English files: a missing or misspelled key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'] & LazyResources;
    returnNull: false;
  }
}
