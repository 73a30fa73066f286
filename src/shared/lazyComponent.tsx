/**
 * Components loaded on demand, in chunks of their own (docs/decisions/0022-first-load-budget.md): the
 * one way this app splits code. `lazyComponent` is React.lazy plus preload() (one import shared by
 * both); `onDemand` adds its own Suspense, for a component rendered where no boundary waits for it.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';

/** A React.lazy component that can be asked to start loading before it renders. */
export type Preloadable<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<unknown> };

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(start), { preload: start });
}

/** A lazy component inside its own Suspense (`fallback` while it loads, nothing by default). */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ((props: P) => ReactElement) & { preload(): Promise<unknown> } {
  const Component = lazyComponent(load);
  function OnDemand(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(OnDemand, { preload: Component.preload });
}
