/** A periodic task for housekeeping: never two runs at once, never keeps the process alive. */
export interface Schedule {
  /** Stops the schedule and waits for a run under way. */
  stop(): Promise<void>;
}

export function every(intervalMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): Schedule {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
