import pkg from '../package.json' with { type: 'json' };

/** The emulated client's default version: this package's version. */
export const PACKAGE_VERSION: string = pkg.version;
