import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every } from './schedule';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('every', () => {
  it('runs the task once per interval, never two runs at once, and stops', async () => {
    const releases: Array<() => void> = [];
    const task = vi.fn(() => new Promise<void>((resolve) => releases.push(resolve)));
    const schedule = every(1000, task, () => {});

    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
    // Still running: the next ticks are skipped.
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(1);
    releases[0]!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);

    // stop() waits for the run under way, then nothing more runs.
    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    releases[1]!();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('reports a failed run and keeps going', async () => {
    const onError = vi.fn();
    const task = vi.fn().mockRejectedValueOnce(new Error('base caída')).mockResolvedValue(undefined);
    const schedule = every(500, task, onError);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'base caída' }));
    expect(task).toHaveBeenCalledTimes(2);
    await schedule.stop();
  });

  it('does not keep the process alive', () => {
    const spy = vi.spyOn(globalThis, 'setInterval');
    const schedule = every(1000, async () => {}, () => {});
    const timer = spy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    void schedule.stop();
  });
});
