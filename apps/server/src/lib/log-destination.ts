import pino from 'pino';

/**
 * Standard output for the running server's log, written in batches: a line waits until
 * 8 kB have gathered or a quarter of a second has passed. One write per line cost more
 * than everything else a cached answer needs; batched, it costs a small share of it.
 * flush() writes what is waiting, synchronously, for a clean stop or a fatal error.
 */
export function createLogDestination() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8192, periodicFlush: 250 });
  const flush = () => {
    try {
      destination.flushSync();
    } catch {
      // Not open yet, or already closed: nothing is waiting.
    }
  };
  process.once('exit', flush);
  return { stream: destination, flush };
}
