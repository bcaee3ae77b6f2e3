import { lazy, Suspense } from 'react';
import {
  createBrowserRouter,
  redirect,
  replace,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { PATHS } from '../lib/paths';
import { useAfterFirstCommit } from '../lib/use-after-first-commit';
import { getCurrentUser } from '../lib/session';
import { BootScreen } from './boot-screen';
import { deepLinkTarget, resolveDeepLink } from './deep-link';
import { GUEST, PUBLIC, SIGNED_IN, TESTER } from './guards';
import { AppLayout } from './layout/app-layout';
import { loadHallLoader, loadHallScreen, loadLoginPage } from './landing-modules';
import { GuestLayout, MemberLayout } from './layout/page-layouts';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import { guard } from './route-guard';
import { startApp } from './startup';
import { loadChunk } from './load-chunk';

/** The route whose children are the pages (their error element): the administration's routes are added to it. */
const PAGES_ROUTE_ID = 'pages';

// Pages load on demand so a guest on the login page downloads little (budget: 180 KB of gzipped JS).
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <AppLayout />,
    HydrateFallback: BootScreen,
    loader: async () => {
      await startApp();
      return null;
    },
    shouldRevalidate: () => false,
    children: [
      {
        id: PAGES_ROUTE_ID,
        errorElement: <RouteError />,
        children: [
          {
            // Spec section 2: "/" sends to the hall or the login page. Its loader always redirects, so the element
            // never shows; a leaf without one makes React Router warn on every visit of "/".
            index: true,
            loader: async (args: LoaderFunctionArgs) => {
              await guard(PUBLIC)(args);
              return redirect(getCurrentUser() ? PATHS.hall : PATHS.login);
            },
            Component: BootScreen,
          },
          {
            // Links from emails and the audio client (spec section 2): the target when the table marks it with
            // deepLinkTarget, else the hall. Replaced, so the deep link leaves no step in the history; the target's
            // own guard sends a guest to sign in and back (the redirect URL of the access check).
            path: 'deeplink',
            loader: async ({ request }: LoaderFunctionArgs) => {
              await startApp();
              return replace(resolveDeepLink(new URL(request.url).searchParams.get('to'), routes));
            },
            Component: BootScreen,
          },
          {
            element: <GuestLayout />,
            children: [
              {
                path: 'users/login',
                loader: guard(GUEST),
                lazy: { Component: async () => (await loadLoginPage()).LoginPage },
              },
              {
                path: 'users/signup',
                loader: guard(GUEST),
                lazy: {
                  Component: async () => (await loadChunk(import('../features/auth/pages/signup-page'))).SignupPage,
                },
              },
              {
                path: 'users/validate-account',
                loader: guard(GUEST),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/auth/pages/validate-account-page'))).ValidateAccountPage,
                },
              },
              {
                path: 'users/forgot-password',
                loader: guard(GUEST),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/auth/pages/forgot-password-page'))).ForgotPasswordPage,
                },
              },
              {
                path: 'users/recover-password',
                loader: guard(GUEST),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/auth/pages/recover-password-page'))).RecoverPasswordPage,
                },
              },
            ],
          },
          {
            element: <MemberLayout />,
            children: [
              {
                path: 'studio/hall',
                handle: deepLinkTarget(),
                lazy: {
                  loader: async () => (await loadHallLoader()).hallLoader,
                  // The lobby is the sessions feature's; the greeting and online count stay the hall feature's, the audio
                  // client's first step the nals feature's. The musicians around, under the lists, load while the hall
                  // paints instead of before (issue 9: the hall's largest paint waited for their code).
                  Component: async () => {
                    const [{ HallPage }, { HallGreeting }, { HallSetup }] = await loadHallScreen();
                    const MusiciansAround = lazy(async () => ({
                      default: (await loadChunk(import('../features/community/around/musicians-around')))
                        .MusiciansAround,
                    }));
                    // News, banners and the blog (issue 14, point 3): their code and data come after the first paint.
                    const HallContent = lazy(async () => ({
                      default: (await loadChunk(import('../features/hall/components/hall-content'))).HallContent,
                    }));
                    return function Hall() {
                      // Rendering a lazy component requests its code: the extras wait for the hall's first paint,
                      // or their code (and what it brings: the validation library, the menus' positioning) would be
                      // on the wire before the hall's largest paint, and delay it (issue 9).
                      const painted = useAfterFirstCommit();
                      return (
                        <HallPage
                          greeting={<HallGreeting />}
                          setup={<HallSetup />}
                          content={
                            painted && (
                              <Suspense fallback={null}>
                                <HallContent />
                              </Suspense>
                            )
                          }
                          around={
                            painted && (
                              <Suspense fallback={null}>
                                <MusiciansAround />
                              </Suspense>
                            )
                          }
                        />
                      );
                    };
                  },
                },
              },
              {
                path: 'studio/sessions',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/sessions/pages/sessions-page'))).SessionsPage,
                },
              },
              {
                path: 'studio/sessions/new',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/sessions/pages/new-session-page'))).NewSessionPage,
                },
              },
              {
                path: 'studio/open-rehearsal/:sessionId',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/sessions/pages/open-rehearsal-page'))).OpenRehearsalPage,
                },
              },
              {
                path: 'studio/test-rehearsal/:sessionId',
                handle: deepLinkTarget(),
                loader: guard(TESTER),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/sessions/pages/test-rehearsal-page'))).TestRehearsalPage,
                },
              },
              {
                path: 'studio/welcome',
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () => (await loadChunk(import('../features/hall/pages/welcome-page'))).WelcomePage,
                },
              },
              {
                path: 'me',
                handle: deepLinkTarget('edit'),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/community/me/pages/my-profile-page'))).MyProfilePage,
                },
              },
              {
                path: 'me/subscription',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/subscriptions/pages/subscription-page'))).SubscriptionPage,
                },
              },
              {
                path: 'promo',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/subscriptions/pages/promo-page'))).PromoPage,
                },
              },
              {
                path: 'search',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/community/search/search-page'))).SearchPage,
                },
              },
              {
                path: 'users/profiles/:username',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  // The profile is the community's; its "Send a message", the messages'.
                  Component: async () => {
                    const [{ ProfilePage }, { SendMessageButton }] = await Promise.all([
                      import('../features/community/profile/profile-page'),
                      import('../features/messages/components/send-message-button'),
                    ]);
                    return function Profile() {
                      return <ProfilePage action={({ id }) => <SendMessageButton accountId={id} />} />;
                    };
                  },
                },
              },
              {
                path: 'messages',
                handle: deepLinkTarget('q'),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/messages/pages/messages-page'))).MessagesPage,
                },
              },
              {
                path: 'messages/:conversationId',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/messages/pages/messages-page'))).MessagesPage,
                },
              },
              {
                path: 'download',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () => (await loadChunk(import('../features/nals/pages/download-page'))).DownloadPage,
                },
              },
              {
                path: 'studio/onboarding',
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/nals/pages/onboarding-page'))).OnboardingPage,
                },
              },
              {
                path: 'nals/selfcheck',
                handle: deepLinkTarget(),
                loader: guard(SIGNED_IN),
                lazy: {
                  Component: async () =>
                    (await loadChunk(import('../features/nals/pages/selfcheck-page'))).SelfcheckPage,
                },
              },
              {
                path: 'me/preferences',
                handle: deepLinkTarget('tab'),
                loader: guard(SIGNED_IN),
                lazy: {
                  // The account settings are the me feature's; the blocked musicians tab, the community's; the billing
                  // tab, the subscriptions'.
                  Component: async () => {
                    const [{ PreferencesPage }, { BlockedTab }, { BillingTab }] = await Promise.all([
                      import('../features/me/pages/preferences-page'),
                      import('../features/community/blocked/blocked-tab'),
                      import('../features/subscriptions/components/billing-tab'),
                    ]);
                    return function Preferences() {
                      return <PreferencesPage blockedTab={<BlockedTab />} billingTab={<BillingTab />} />;
                    };
                  },
                },
              },
            ],
          },
          // The administration's pages join here on the way to one of them (patchRoutesOnNavigation below).
          // Anyone may land on an unknown path; the page offers the way back to the hall.
          { path: '*', loader: guard(PUBLIC), Component: NotFoundPage },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Created once by main.tsx before the first render (app.tsx startRouter): creating a router starts its first navigation. */
export const createAppRouter = (): AppRouter => createBrowserRouter(routes, { patchRoutesOnNavigation });

let adminPatched = false;

/**
 * The administration's routes (app/admin-routes.tsx) join the table on the way to one of its pages, so that no
 * musician's first page carries their entries (the login page's budget). React Router asks on any path that only a
 * splat or a dynamic route matches: here the not-found route, for `/admin/…`.
 */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (adminPatched || (path !== '/admin' && !path.startsWith('/admin/'))) return;
  const { adminRoutes } = await loadChunk(import('./admin-routes'));
  if (adminPatched) return;
  adminPatched = true;
  patch(PAGES_ROUTE_ID, adminRoutes);
};
