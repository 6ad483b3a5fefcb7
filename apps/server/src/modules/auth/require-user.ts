import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { noteRequestUser } from '../../lib/access-log.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { resolveSession, type SessionUser } from './sessions.ts';

/**
 * The bearer token of a request (D4): the Authorization header, or the spec's `token`
 * field in the query or body, which older clients send.
 */
function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const fromBody = (request.body as { token?: unknown } | undefined)?.token;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  return undefined;
}

const captured = new WeakMap<FastifyRequest, string | undefined>();

/**
 * A preValidation hook: notes the token before an operation's schema parses the query and
 * body, since parsing drops the fields the schema does not name, `token` among them.
 */
export function captureToken(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  captured.set(request, readToken(request));
  done();
}

/** The request's token as it was sent, also where the operation's schema has since dropped the field. */
export function tokenOf(request: FastifyRequest): string | undefined {
  return captured.has(request) ? captured.get(request) : readToken(request);
}

/**
 * For a body read inside the handler, after the hook above has run (a multipart upload's
 * fields): its `token` field stands in when the request carried no other.
 */
export function noteBodyToken(request: FastifyRequest, token: string | undefined): void {
  if (token && !tokenOf(request)) captured.set(request, token);
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>();

/** The signed-in user, or undefined; resolved once per request. */
export function currentUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | undefined> {
  let user = resolved.get(request);
  if (!user) {
    const token = tokenOf(request);
    user = token
      ? resolveSession(ctx.db, token, ctx.cache.sessions).then((found) => {
          if (found) noteRequestUser(request, found.userId);
          return found;
        })
      : Promise.resolve(undefined);
    resolved.set(request, user);
  }
  return user;
}

async function requireType(ctx: AppContext, request: FastifyRequest, types: readonly number[]) {
  const token = tokenOf(request);
  if (!token) throw unauthorized();
  const user = await currentUser(ctx, request);
  if (!user) throw unauthorized(MSG.sessionExpired);
  if (!types.includes(user.usertype)) throw forbidden();
  return user;
}

export const requireUser = (ctx: AppContext, request: FastifyRequest) =>
  requireType(ctx, request, Object.values(USER_TYPE));
export const requireSchool = (ctx: AppContext, request: FastifyRequest) =>
  requireType(ctx, request, [USER_TYPE.school]);
export const requireSponsor = (ctx: AppContext, request: FastifyRequest) =>
  requireType(ctx, request, [USER_TYPE.sponsor]);
export const requireSchoolOrSponsor = (ctx: AppContext, request: FastifyRequest) =>
  requireType(ctx, request, [USER_TYPE.school, USER_TYPE.sponsor]);
export const requireStaff = (ctx: AppContext, request: FastifyRequest) =>
  requireType(ctx, request, [USER_TYPE.admin, USER_TYPE.salesRep]);
