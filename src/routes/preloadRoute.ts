/**
 * Starts loading the chunks the first route needs (the layout and the route's screen, or the recovery
 * page, the request wizard) while the entry chunk renders, instead of one after the other as each lazy component renders
 * (docs/decisions/0022-first-load-budget.md).
 */
import { matchRoutes } from 'react-router-dom';
import { appRoutes, PUBLIC_PATHS, type AppRoute } from './appRoutes';
import { AppLayout, NewSiteWizard, RecoveryPage, UnderConstruction, type Preloadable, type ScreenProps } from './lazyScreen';

const isPreloadable = (screen: AppRoute['screen']): screen is Preloadable<ScreenProps> =>
  typeof (screen as Partial<Preloadable<ScreenProps>> | undefined)?.preload === 'function';

/** The public pages in lazy chunks of their own; the others are in the entry chunk. */
const PUBLIC_CHUNKS: Partial<Record<string, { preload(): Promise<unknown> }>> = { [PUBLIC_PATHS.recovery]: RecoveryPage, [PUBLIC_PATHS.home]: NewSiteWizard };

/**
 * The lazy components `pathname` renders first: the layout and the screen of a protected route, the recovery
 * page; none for the other public pages.
 */
export function chunksForPath(pathname: string, routes: readonly AppRoute[] = appRoutes): Array<{ preload(): Promise<unknown> }> {
  const publicMatch = matchRoutes(Object.values(PUBLIC_PATHS).map((path) => ({ path })), pathname);
  if (publicMatch) {
    const chunk = PUBLIC_CHUNKS[publicMatch[0]!.route.path];
    return chunk ? [chunk] : [];
  }
  const match = matchRoutes(routes.map((route) => ({ path: route.path, route })), pathname);
  if (!match) return [];
  const screen = match[0]!.route.route.screen;
  if (!screen) return [AppLayout, UnderConstruction];
  return isPreloadable(screen) ? [AppLayout, screen] : [AppLayout];
}

export function preloadRoute(pathname: string): void {
  for (const component of chunksForPath(pathname)) void component.preload().catch(() => {});
}
