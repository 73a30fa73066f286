/**
 * prom-client's default collectors (process, heap, event-loop delay, garbage collection) with a way to stop them.
 * `collectDefaultMetrics` starts an event-loop delay monitor (`monitorEventLoopDelay`, sampling every 10 ms) and a
 * GC `PerformanceObserver` and hands back neither: every app built in a process (each test file builds several) left
 * both running after it closed. They are created synchronously inside the call, so the call is made with the two
 * constructors wrapped for that moment only, and the handles it made are kept to be stopped when the app closes.
 */
import perfHooks from 'node:perf_hooks';
import { collectDefaultMetrics, type Registry } from 'prom-client';

type Hooks = Pick<typeof perfHooks, 'monitorEventLoopDelay' | 'PerformanceObserver'>;

/** Starts the default collectors into `registry`; answers the function that stops what they started. */
export function startDefaultMetrics(registry: Registry, hooks: Hooks = perfHooks): () => void {
  const monitors: Array<{ disable(): boolean }> = [];
  const observers: Array<{ disconnect(): void }> = [];
  const { monitorEventLoopDelay, PerformanceObserver } = hooks;
  hooks.monitorEventLoopDelay = ((options) => {
    const monitor = monitorEventLoopDelay(options);
    monitors.push(monitor);
    return monitor;
  }) as typeof monitorEventLoopDelay;
  hooks.PerformanceObserver = class extends PerformanceObserver {
    constructor(callback: ConstructorParameters<typeof PerformanceObserver>[0]) {
      super(callback);
      observers.push(this);
    }
  } as typeof PerformanceObserver;
  try {
    collectDefaultMetrics({ register: registry });
  } finally {
    hooks.monitorEventLoopDelay = monitorEventLoopDelay;
    hooks.PerformanceObserver = PerformanceObserver;
  }
  return () => {
    for (const monitor of monitors.splice(0)) monitor.disable();
    for (const observer of observers.splice(0)) observer.disconnect();
  };
}
