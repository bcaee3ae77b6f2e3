import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from './api';
import { useCurrentUser } from './session';

/** GET v1/me/experiments: the signed-in musician's variant in each running A/B test (computed by the server, so the
 *  same on every device). Kept for the session: a variant does not change under a page. */
export const myExperimentsQueryKey = (accountId: string) => ['me', 'experiments', accountId] as const;

export function useMyExperiments() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: myExperimentsQueryKey(user?.id ?? ''),
    queryFn: () => api.call('myExperiments'),
    enabled: user !== null,
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * The musician's variant of `test`, one of `variants`: `fallback` (the control) while loading, when the test does not
 * run, or when the server names a variant this build does not know. `exposed` reports that the variant is on screen
 * (POST v1/me/experiments/exposures, once per mount); only a variant the server gave is reported.
 */
export function useExperiment<V extends string>(
  test: string,
  variants: readonly V[],
  fallback: V,
): { variant: V; ready: boolean; exposed: () => void } {
  const { data, isPending } = useMyExperiments();
  const given = data?.experiments.find((e) => e.test === test)?.variant;
  const known = variants.find((v) => v === given);
  const reported = useRef(false);
  const exposed = () => {
    if (!known || reported.current) return;
    reported.current = true;
    void api.call('recordExposure', { body: { test } }).catch(() => {
      reported.current = false;
    });
  };
  return { variant: known ?? fallback, ready: !isPending, exposed };
}

/** Reports the exposure once the variant is known and shown. */
export function useExposure(ready: boolean, exposed: () => void): void {
  const report = useRef(exposed);
  report.current = exposed;
  useEffect(() => {
    if (ready) report.current();
  }, [ready]);
}
