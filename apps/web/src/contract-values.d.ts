// Types of the build-time module made by vite/contract-values.ts: each value keeps the contract's own type.
declare module 'virtual:tutti-contract' {
  import type { Access, EndpointName, Endpoints, HttpMethod } from '@tutti/contract/http';

  export type RouteInfo<N extends EndpointName = EndpointName> = {
    method: HttpMethod;
    path: Endpoints[N]['path'];
    access: Access;
    /** 'json' for a schema, 'text' for text/plain, 'image' for image bytes, null for 204. */
    response: 'json' | 'text' | 'image' | null;
  };
  /** The routes a guest may call (access `public`); the others are in virtual:tutti-contract-routes. */
  export const publicRoutes: Partial<{ [N in EndpointName]: RouteInfo<N> }>;
  export const LOCALES: typeof import('@tutti/contract/common').LOCALES;
  export const MIN_PASSWORD_LENGTH: typeof import('@tutti/contract/common').MIN_PASSWORD_LENGTH;
  export const MIN_SOCIAL_AGE: typeof import('@tutti/contract/common').MIN_SOCIAL_AGE;
  export const APP_START_ONBOARDING: typeof import('@tutti/contract/accounts').APP_START_ONBOARDING;
  export const APP_START_PASSWORD_RECOVERED: typeof import('@tutti/contract/accounts').APP_START_PASSWORD_RECOVERED;
  export const AGENT_HEADER: typeof import('@tutti/contract/accounts').AGENT_HEADER;
  export const ONBOARDING_ORDER_TEST: typeof import('@tutti/contract/experiments').ONBOARDING_ORDER_TEST;
  export const ONBOARDING_ORDER_VARIANTS: typeof import('@tutti/contract/experiments').ONBOARDING_ORDER_VARIANTS;
  export const REALTIME_DELAY_LIMIT_MS_DEFAULT: typeof import('@tutti/contract/places').REALTIME_DELAY_LIMIT_MS_DEFAULT;
}

declare module 'virtual:tutti-contract-routes' {
  import type { EndpointName } from '@tutti/contract/http';
  import type { RouteInfo } from 'virtual:tutti-contract';

  export const routes: { [N in EndpointName]: RouteInfo<N> };
}
