import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from './request-logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('requestLogger', () => {
  it('makes no pino child until the request logs something', () => {
    const { logger } = capture();
    const child = vi.spyOn(logger, 'child');
    const log = requestLogger(logger, { reqId: 'r-1' }, {});
    expect(log.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    log.warn('first');
    log.warn('second');
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('writes lines with the request id, the message and the fields given', async () => {
    const { logger, lines } = capture();
    const log = requestLogger(logger, { reqId: 'r-2' }, {});
    log.error({ err: new Error('boom'), where: 'test' }, 'request failed');
    log.debug('below the level');
    await flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, reqId: 'r-2', where: 'test', msg: 'request failed' });
    expect(lines[0]?.err).toMatchObject({ message: 'boom' });
  });

  it("gives a route with its own level pino's child at once", () => {
    const { logger } = capture();
    const child = vi.spyOn(logger, 'child');
    const log = requestLogger(logger, { reqId: 'r-3' }, { level: 'debug' });
    expect(child).toHaveBeenCalledTimes(1);
    expect(log.level).toBe('debug');
  });
});
