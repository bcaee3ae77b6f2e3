/** Paths the code links to; the route table lives in app/router.tsx. */
export const PATHS = {
  root: '/',
  login: '/users/login',
  signup: '/users/signup',
  validateAccount: '/users/validate-account',
  forgotPassword: '/users/forgot-password',
  recoverPassword: '/users/recover-password',
  hall: '/studio/hall',
  welcome: '/studio/welcome',
  onboarding: '/studio/onboarding',
  me: '/me',
  preferences: '/me/preferences',
  download: '/download',
  selfcheck: '/nals/selfcheck',
  sessions: '/studio/sessions',
  newSession: '/studio/sessions/new',
  subscription: '/me/subscription',
  promo: '/promo',
  search: '/search',
  messages: '/messages',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminAccounts: '/admin/accounts',
  adminAuditLog: '/admin/audit-log',
  adminRooms: '/admin/rooms',
  adminAudioClient: '/admin/audio-client',
  adminTestRehearsals: '/admin/test-rehearsals',
  adminAbTests: '/admin/ab-tests',
  adminProducts: '/admin/products',
  adminPromoCodes: '/admin/promo-codes',
  adminSubscriptions: '/admin/subscriptions',
  adminPaymentIncidents: '/admin/payment-incidents',
  adminNews: '/admin/news',
  adminBlogPosts: '/admin/blog-posts',
  adminBanners: '/admin/banners',
} as const;

export const openRehearsalPath = (sessionId: string): string => `/studio/open-rehearsal/${sessionId}`;
export const testRehearsalPath = (sessionId: string): string => `/studio/test-rehearsal/${sessionId}`;
/** My profile in its edit mode (the mode lives in the query, so a reload keeps it). */
export const EDIT_PROFILE_PATH = `${PATHS.me}?edit=1`;
/** A musician's profile page (SPEC section 2, /users/profiles/:username). */
export const profilePath = (username: string): string => `/users/profiles/${encodeURIComponent(username)}`;
/** An account in the administration (issue 14). */
export const adminAccountPath = (id: string): string => `/admin/accounts/${encodeURIComponent(id)}`;
/** The audit log, about one account only. */
export const adminAuditPath = (accountId: string): string =>
  `/admin/audit-log?account=${encodeURIComponent(accountId)}`;
