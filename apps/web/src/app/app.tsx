import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { setLogoutHandler } from '../lib/api';
import { i18n } from '../lib/i18n';
import { PATHS } from '../lib/paths';
import { APP_START_CHECKED_KEY, writeSessionFlag } from '../lib/storage';
import { queryClient } from './query-client';
import { createAppRouter, type AppRouter } from './router';
import { isStartupDone } from './startup';
import { cssVariablesResolver, theme } from './theme';

let router: AppRouter | null = null;
/** Creates the router (which starts the first navigation) once; main.tsx calls it before the first render. */
export const startRouter = (): AppRouter => (router ??= createAppRouter());

// Spec section 4: a 401 on refresh or any 403 ends the session; the client has cleared it, the app leaves.
setLogoutHandler(() => {
  queryClient.clear();
  writeSessionFlag(APP_START_CHECKED_KEY, false);
  // During startup the guards send the visitor where they belong; navigating then would race them.
  if (isStartupDone()) void router?.navigate(PATHS.login, { replace: true });
});

export function App() {
  const [appRouter] = useState(startRouter);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={appRouter} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
