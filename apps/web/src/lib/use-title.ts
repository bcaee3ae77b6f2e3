import { useEffect } from 'react';

export const TITLE_SUFFIX = '| Tutti';

/** Sets the document title to "<page> | Tutti" (spec section 2). */
export function useTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} ${TITLE_SUFFIX}`;
  }, [page]);
}
