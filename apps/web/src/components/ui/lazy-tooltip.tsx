import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mantine/core';

const Tooltip = lazy(async () => ({ default: (await import('./tooltip')).Tooltip }));

/**
 * Mantine's Tooltip, loaded once a list shows one: it brings Floating UI (about 20 KB gzipped), which a page's first
 * paint does not need (issue 9: the hall's largest paint waited for it). Until it is loaded the child shows alone; a
 * tooltip only appears on hover or focus anyway.
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
