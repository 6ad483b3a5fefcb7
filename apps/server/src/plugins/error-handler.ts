import type { TErrorEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseDown } from '../lib/database-down.ts';
import { AppError } from '../lib/errors.ts';

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22): a value the database cannot take, such
 * as a number past an integer column's range or text too long for its column. A schema
 * should refuse such input first; when one lets it through, the caller sent a value that
 * cannot be right, and is told so rather than answered with a failure of the server.
 */
function isDataException(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const err = e as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof err.code === 'string' && typeof err.severity === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) {
      return true;
    }
    e = err.cause;
  }
  return false;
}

/** Turns zod issues into `{field: message}`, keeping each field's first message. */
function fieldErrors(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const field =
      params?.issue?.path?.map(String).join('.') || issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= issue.message ?? MSG.invalidInput;
  }
  return errors;
}

const SAFE_FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'The request could not be read.',
  403: MSG.forbidden,
  404: MSG.notFound,
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  413: MSG.fileTooBig,
  414: MSG.addressTooLong,
  415: 'Unsupported content type.',
  429: MSG.rateLimited,
};

/** What Fastify refuses before routing, with the status it gives each. */
const FRAMEWORK_REFUSALS: Record<string, number> = {
  FST_ERR_BAD_URL: 400,
  // A path parameter longer than the router takes (100 characters).
  FST_ERR_MAX_PARAM_LENGTH: 414,
};

/**
 * Requests Fastify refuses before routing, such as a path with a malformed %-escape
 * ('/product/%ZZ') or a path parameter too long to be one. Left to Fastify they get a body
 * of its own shape that echoes the path; here they get the envelope of D3.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = FRAMEWORK_REFUSALS[error.code] ?? 500;
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({
      status: 'error',
      message: status < 500 ? (SAFE_FRAMEWORK_MESSAGES[status] ?? MSG.invalidInput) : MSG.genericError,
    } satisfies TErrorEnvelope);
}

/**
 * One mapping from errors to answers (D3): typed application errors keep their code and
 * message, invalid input becomes 400 with field messages, an unreachable database 503,
 * and anything else a generic 500 that is logged with the request id and never shown.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: TErrorEnvelope = { status: 'error', message: MSG.genericError };

    if (error instanceof AppError) {
      status = error.statusCode;
      body = { status: 'error', message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      status = 400;
      body = { status: 'error', message: Object.values(errors)[0] ?? MSG.invalidInput, errors };
    } else if (isDatabaseDown(error)) {
      status = 503;
      body = { status: 'error', message: MSG.databaseUnavailable };
    } else if (isDataException(error)) {
      status = 400;
      body = { status: 'error', message: MSG.invalidInput };
      // A schema let the value through: worth a look, but the caller's mistake, not the server's.
      request.log.warn({ err: error }, 'the database refused a value the schema let through');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { status: 'error', message: SAFE_FRAMEWORK_MESSAGES[status] ?? MSG.invalidInput };
    }

    // The database down is one short line a request, not a stack: an outage would bury the log.
    if (status === 503 && !(error instanceof AppError))
      request.log.warn({ reason: error.message }, 'database unavailable');
    // An unavailability the server recognized and answered plainly (the gateway or the file
    // storage out of reach, a readiness probe's refusal): a warning, not a failure of the server.
    else if (status >= 500 && error instanceof AppError)
      request.log.warn({ err: error }, 'request answered unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request refused');
    reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}
