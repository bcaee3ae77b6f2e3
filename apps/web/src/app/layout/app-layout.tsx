import { lazy, Suspense } from 'react';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ModalHost } from '../../components/ui/modal-host';
import { ToastHost } from '../../components/ui/toast-host';
import { useCurrentUser } from '../../lib/session';
import { useAfterFirstCommit } from '../../lib/use-after-first-commit';
import { Footer } from './footer';
import { Header } from './header';

export const MAIN_ID = 'main-content';

// Signed-in only, so a guest's first page (the login page's budget) does not carry them: the online ping, the live
// bus and the audio client's link; the rehearsal's navigation guard (one can only be in a rehearsal signed in).
const SignedInEffects = lazy(async () => ({ default: (await import('./signed-in-effects')).SignedInEffects }));
const NavigationGuard = lazy(async () => ({ default: (await import('./navigation-guard')).NavigationGuard }));

const UpgradeBanner = lazy(async () => ({
  default: (await import('../../features/nals/components/upgrade-banner')).UpgradeBanner,
}));

const DriverAlert = lazy(async () => ({
  default: (await import('../../features/nals/components/driver-alert')).DriverAlert,
}));

/** Spec section 2 layout: skip link, header, main, footer, modal host; the rehearsal's navigation guard. */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigation = useNavigation();
  // The signed-in extras load once the first page has been committed (see useAfterFirstCommit).
  const extras = useAfterFirstCommit();

  return (
    <>
      <div className="app-frame">
        <a className="skip-link" href={`#${MAIN_ID}`}>
          {t('skipToContent')}
        </a>
        {navigation.state === 'loading' && <div className="nav-progress" aria-hidden="true" />}
        <Header />
        {user && extras && (
          <Suspense fallback={null}>
            <UpgradeBanner />
            <DriverAlert />
          </Suspense>
        )}
        <Box component="main" id={MAIN_ID} tabIndex={-1} className="app-main">
          <Outlet />
        </Box>
        <Footer />
      </div>
      {user && (
        <Suspense fallback={null}>
          {extras && <SignedInEffects user={user} />}
          <NavigationGuard />
        </Suspense>
      )}
      <ModalHost />
      <ToastHost />
      <ScrollRestoration />
    </>
  );
}
