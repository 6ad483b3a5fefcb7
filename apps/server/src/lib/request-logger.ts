import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type AnyLogFn = (...args: unknown[]) => void;

/**
 * The logger Fastify hands each request, carrying its request id. pino's child loggers
 * are not free, and most requests log nothing but their access line, which the access log
 * writes from the id itself; so the child is made on the request's first other line.
 */
class RequestLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get #log(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  get level(): string {
    return this.#parent.level;
  }

  set level(level: string) {
    this.#log.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.#log.fatal as AnyLogFn)(...args);
  }
  error(...args: unknown[]): void {
    (this.#log.error as AnyLogFn)(...args);
  }
  warn(...args: unknown[]): void {
    (this.#log.warn as AnyLogFn)(...args);
  }
  info(...args: unknown[]): void {
    (this.#log.info as AnyLogFn)(...args);
  }
  debug(...args: unknown[]): void {
    (this.#log.debug as AnyLogFn)(...args);
  }
  trace(...args: unknown[]): void {
    (this.#log.trace as AnyLogFn)(...args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#log.child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory. A route with its own log level or serializers gets pino's
 * child at once, as Fastify would make it.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level || options.serializers) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
}
