/**
 * Export streams under a client that took the first bytes and reads no more (server/exports/csv.test.ts,
 * xlsxStream.test.ts): how many batches the stream pulled from an endless source before it stopped asking, and whether
 * the source was closed once the client left.
 */
import type { Readable } from 'node:stream';

export async function batchesPulledByStalledReader<Row>(
  makeBatch: () => Row[],
  streamOf: (batches: AsyncIterable<Row[]>) => Readable,
): Promise<{ pulled: number; closedWhenLeft: Promise<void> }> {
  let pulled = 0;
  let stop: () => void = () => {};
  const closedWhenLeft = new Promise<void>((resolve) => (stop = resolve));
  async function* endless(): AsyncGenerator<Row[]> {
    try {
      for (;;) {
        pulled += 1;
        yield makeBatch();
      }
    } finally {
      stop();
    }
  }
  const output = streamOf(endless());
  output.once('data', () => output.pause());
  // Waits until the stream stops pulling.
  let seen = -1;
  while (seen !== pulled) {
    seen = pulled;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const result = pulled;
  output.destroy();
  return { pulled: result, closedWhenLeft };
}
