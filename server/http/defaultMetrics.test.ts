import perfHooks from 'node:perf_hooks';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDefaultMetrics } from './defaultMetrics';

const { monitorEventLoopDelay, PerformanceObserver } = perfHooks;

afterEach(() => {
  perfHooks.monitorEventLoopDelay = monitorEventLoopDelay;
  perfHooks.PerformanceObserver = PerformanceObserver;
});

describe('startDefaultMetrics', () => {
  it('registers the default collectors and stops their event-loop monitor and GC observer', async () => {
    // What prom-client makes, seen from outside: the real constructors, recorded.
    const monitors: Array<ReturnType<typeof monitorEventLoopDelay>> = [];
    const disconnects: Array<ReturnType<typeof vi.fn>> = [];
    perfHooks.monitorEventLoopDelay = ((options) => {
      const monitor = monitorEventLoopDelay(options);
      monitors.push(monitor);
      return monitor;
    }) as typeof monitorEventLoopDelay;
    perfHooks.PerformanceObserver = class extends PerformanceObserver {
      constructor(callback: ConstructorParameters<typeof PerformanceObserver>[0]) {
        super(callback);
        const disconnect = vi.fn(() => super.disconnect());
        this.disconnect = disconnect;
        disconnects.push(disconnect);
      }
    } as typeof PerformanceObserver;

    const registry = new Registry();
    const stop = startDefaultMetrics(registry);
    expect(await registry.metrics()).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(monitors).toHaveLength(1);
    expect(disconnects).toHaveLength(1);
    // The constructors are given back as they were found.
    expect(perfHooks.PerformanceObserver).not.toBe(PerformanceObserver);
    stop();
    // disable() answers false when the monitor was already disabled.
    expect(monitors[0]!.disable()).toBe(false);
    expect(disconnects[0]).toHaveBeenCalledTimes(1);
  });

  it('leaves perf_hooks as it was', () => {
    const stop = startDefaultMetrics(new Registry());
    expect(perfHooks.monitorEventLoopDelay).toBe(monitorEventLoopDelay);
    expect(perfHooks.PerformanceObserver).toBe(PerformanceObserver);
    stop();
  });
});
