import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

export const CONTRACT_VALUES_ID = 'virtual:tutti-contract';
/** The whole route table, in a chunk of its own: a guest's pages call public routes only, which the first module has. */
export const CONTRACT_ROUTES_ID = 'virtual:tutti-contract-routes';
const RESOLVED_ID = `\0${CONTRACT_VALUES_ID}`;
const RESOLVED_ROUTES_ID = `\0${CONTRACT_ROUTES_ID}`;
const CONTRACT_SRC = fileURLToPath(new URL('../../../packages/contract/src/', import.meta.url));

interface EndpointLike {
  method: string;
  path: string;
  access: string;
  response: unknown;
}

/**
 * The contract's route table and constants as plain data, computed from the contract at build time: the public
 * routes with the constants in `virtual:tutti-contract`, every route in `virtual:tutti-contract-routes`.
 * The page then calls through the same table without shipping zod and every schema to the browser
 * (about 25 KB gzipped, most of the login page's budget). Types still come from the contract itself.
 */
export function contractValues(): Plugin {
  return {
    name: 'tutti-contract-values',
    resolveId(source) {
      if (source === CONTRACT_VALUES_ID) return RESOLVED_ID;
      return source === CONTRACT_ROUTES_ID ? RESOLVED_ROUTES_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID && id !== RESOLVED_ROUTES_ID) return undefined;
      const http = await runnerImport<{ endpoints: Record<string, EndpointLike> }>(`${CONTRACT_SRC}http.ts`, {
        configFile: false,
        logLevel: 'error',
      });
      const accounts = await runnerImport<Record<string, unknown>>(`${CONTRACT_SRC}accounts.ts`, {
        configFile: false,
        logLevel: 'error',
      });
      const common = await runnerImport<Record<string, unknown>>(`${CONTRACT_SRC}common.ts`, {
        configFile: false,
        logLevel: 'error',
      });
      const experiments = await runnerImport<Record<string, unknown>>(`${CONTRACT_SRC}experiments.ts`, {
        configFile: false,
        logLevel: 'error',
      });
      const places = await runnerImport<Record<string, unknown>>(`${CONTRACT_SRC}places.ts`, {
        configFile: false,
        logLevel: 'error',
      });
      for (const file of [
        ...http.dependencies,
        ...accounts.dependencies,
        ...common.dependencies,
        ...experiments.dependencies,
        ...places.dependencies,
      ]) {
        this.addWatchFile(file);
      }
      const routes = Object.fromEntries(
        Object.entries(http.module.endpoints).map(([name, d]) => [
          name,
          {
            method: d.method,
            path: d.path,
            access: d.access,
            response: d.response === null || d.response === 'text' || d.response === 'image' ? d.response : 'json',
          },
        ]),
      );
      if (id === RESOLVED_ROUTES_ID) return `export const routes = ${JSON.stringify(routes)};`;
      const publicRoutes = Object.fromEntries(Object.entries(routes).filter(([, d]) => d.access === 'public'));
      const constants = {
        LOCALES: common.module.LOCALES,
        MIN_PASSWORD_LENGTH: common.module.MIN_PASSWORD_LENGTH,
        MIN_SOCIAL_AGE: common.module.MIN_SOCIAL_AGE,
        APP_START_ONBOARDING: accounts.module.APP_START_ONBOARDING,
        APP_START_PASSWORD_RECOVERED: accounts.module.APP_START_PASSWORD_RECOVERED,
        AGENT_HEADER: accounts.module.AGENT_HEADER,
        ONBOARDING_ORDER_TEST: experiments.module.ONBOARDING_ORDER_TEST,
        ONBOARDING_ORDER_VARIANTS: experiments.module.ONBOARDING_ORDER_VARIANTS,
        REALTIME_DELAY_LIMIT_MS_DEFAULT: places.module.REALTIME_DELAY_LIMIT_MS_DEFAULT,
      };
      return [
        `export const publicRoutes = ${JSON.stringify(publicRoutes)};`,
        ...Object.entries(constants).map(([k, v]) => `export const ${k} = ${JSON.stringify(v)};`),
      ].join('\n');
    },
  };
}
