import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from './router';

/** Every route that has no children, with the path it answers (index routes as their parent's path). */
function leaves(list: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    return route.children?.length ? leaves(route.children, path) : [{ path: path || '/', route }];
  });
}

describe('route table', () => {
  it('gives every leaf route something to render, so React Router never warns of an empty page', () => {
    // React Router's "Matched leaf route … does not have an element" on "/" came from a redirect-only index route.
    const empty = leaves(routes)
      .filter(({ route }) => route.element === undefined && route.Component === undefined && !route.lazy)
      .map(({ path }) => path);
    expect(empty).toEqual([]);
  });

  it('answers "/" with an index route (the redirect of spec section 2)', () => {
    const root = leaves(routes).filter(({ path, route }) => path === '/' && route.index);
    expect(root).toHaveLength(1);
    expect(root[0]?.route.loader).toBeTypeOf('function');
  });
});
