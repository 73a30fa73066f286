/**
 * Starts loading the chunks the first route needs (the layout and the route's screen) while the
 * entry chunk renders, instead of one after the other as each lazy component renders
 * (docs/decisions.md 'First-load budget').
 */
import { matchRoutes } from 'react-router-dom';
import { appRoutes, PUBLIC_PATHS, type AppRoute } from './appRoutes';
import { AppLayout, UnderConstruction, type Preloadable, type ScreenProps } from './lazyScreen';

const isPreloadable = (screen: AppRoute['screen']): screen is Preloadable<ScreenProps> =>
  typeof (screen as Partial<Preloadable<ScreenProps>> | undefined)?.preload === 'function';

/** The lazy components `pathname` renders first: the layout and the screen of a protected route; none for a public page. */
export function chunksForPath(pathname: string, routes: readonly AppRoute[] = appRoutes): Array<{ preload(): Promise<unknown> }> {
  const publicPaths = Object.values(PUBLIC_PATHS).map((path) => ({ path }));
  if (matchRoutes(publicPaths, pathname)) return [];
  const match = matchRoutes(routes.map((route) => ({ path: route.path, route })), pathname);
  if (!match) return [];
  const screen = match[0]!.route.route.screen;
  if (!screen) return [AppLayout, UnderConstruction];
  return isPreloadable(screen) ? [AppLayout, screen] : [AppLayout];
}

export function preloadRoute(pathname: string): void {
  for (const component of chunksForPath(pathname)) void component.preload().catch(() => {});
}
