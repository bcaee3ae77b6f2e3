import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../lib/i18n';
import { PATHS } from '../lib/paths';
import { queryClient } from './query-client';
import { createAppRouter, type AppRouter } from './router';
import { setLeaveToLogin } from './session-end';
import { cssVariablesResolver, theme } from './theme';

let router: AppRouter | null = null;
/** Creates the router (which starts the first navigation) once; render.tsx calls it before the first render. */
export const startRouter = (): AppRouter => (router ??= createAppRouter());

setLeaveToLogin(() => void router?.navigate(PATHS.login, { replace: true }));

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
