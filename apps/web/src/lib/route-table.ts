/** The full route table (public and member calls): loaded with a signed-in start's first member call, not with the
 *  login page, which needs only the public ones (`virtual:tutti-contract`). No static import: the landing preload
 *  (app/landing-preload.ts) calls this before the entry runs. */
export const loadAllRoutes = () => import('virtual:tutti-contract-routes');
