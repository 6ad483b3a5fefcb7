import {
  ChangePasswordBody,
  CheckEmailQuery,
  CheckUsernameQuery,
  ForgotPasswordBody,
  HeaderInfoResponse,
  LoginBody,
  LoginResponse,
  RegisterBody,
  SetPasswordBody,
} from '@portal/contracts/auth';
import { ErrorEnvelope, SuccessEnvelope } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../lib/errors.ts';
import { hit, LIMITS } from '../../lib/rate-limit.ts';
import { getHeaderInfo } from './get-header-info.ts';
import { isEmailTaken } from './is-email-taken.ts';
import { logIn } from './log-in.ts';
import { registerSchool } from './register-school.ts';
import { requireUser } from './require-user.ts';
import { changePassword, requestPasswordReset, setPasswordWithKey } from './reset-password.ts';
import { revokeSession } from './sessions.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };
const ok = (message: string) => ({ status: 'success' as const, message });
const tags = ['accounts'];

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        schema: {
          tags,
          summary: 'Sign in as a school or a sponsor',
          body: LoginBody,
          response: { 200: LoginResponse, ...errors },
        },
      },
      async (request) => {
        const { username, password, usertype, remember, cart_id } = request.body;
        const session = await logIn(ctx.db, {
          email: username,
          password,
          usertypes: [usertype],
          remember,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          cartId: cart_id,
        });
        return { ...ok(MSG.loggedIn), ...session };
      },
    );

    app.post(
      '/loginnewreg',
      {
        schema: {
          tags,
          summary: 'Register a school and sign it in',
          body: RegisterBody,
          response: { 200: LoginResponse, ...errors },
        },
      },
      async (request) => {
        const session = await registerSchool(ctx, {
          email: request.body.email,
          password: request.body.password,
          refCode: request.body.ref_code,
          cartId: request.body.cart_id,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return { ...ok(MSG.registered), ...session };
      },
    );

    app.post(
      '/logout',
      { schema: { tags, summary: 'End this session', response: { 200: SuccessEnvelope, ...errors } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        await revokeSession(ctx.db, user.sessionId);
        // Seen at once here; the other servers hear of it from the database.
        ctx.feed.touch('sessions');
        return ok(MSG.loggedOut);
      },
    );

    app.post(
      '/forgotpassword',
      {
        schema: {
          tags,
          summary: 'E-mail a password reset link',
          body: ForgotPasswordBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        await requestPasswordReset(ctx, request.body.email, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return ok(MSG.resetSent);
      },
    );

    app.post(
      '/setpassword',
      {
        schema: {
          tags,
          summary: 'Set a password with the key from the e-mailed link',
          body: SetPasswordBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        await setPasswordWithKey(ctx, request.body.securitykey, request.body.npassword, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return ok(MSG.passwordSet);
      },
    );

    app.post(
      '/setpasswordn',
      {
        schema: {
          tags,
          summary: 'Change the signed-in user’s password, given the current one',
          body: ChangePasswordBody,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        await changePassword(ctx, user, {
          currentPassword: request.body.current_password,
          password: request.body.npassword,
          ip: request.ip,
        });
        return ok(MSG.passwordChanged);
      },
    );

    /** Whether an e-mail is free: counted per address, since a script could ask it of every e-mail it knows. */
    const available = async (ip: string, email: string, exceptUserId?: number) => {
      await hit(ctx.db, LIMITS.emailCheckPerIp, ip);
      if (await isEmailTaken(ctx.db, email, exceptUserId)) throw conflict(MSG.emailInUse, 'email');
      return ok(MSG.emailAvailable);
    };

    app.get(
      '/checkusername',
      {
        schema: {
          tags,
          summary: 'Whether an e-mail is free to register (success = available)',
          querystring: CheckUsernameQuery,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => available(request.ip, request.query.username),
    );

    app.get(
      '/checkemail',
      {
        schema: {
          tags,
          summary: 'Whether an e-mail is free to register (success = available)',
          querystring: CheckEmailQuery,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => available(request.ip, request.query.email),
    );

    app.get(
      '/checkemailedit',
      {
        schema: {
          tags,
          summary: 'Whether the signed-in user may change to this e-mail',
          querystring: CheckEmailQuery,
          response: { 200: SuccessEnvelope, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return available(request.ip, request.query.email, user.userId);
      },
    );

    app.get(
      '/headerinfo',
      { schema: { tags, summary: 'Who is signed in', response: { 200: HeaderInfoResponse, ...errors } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        return { ...ok('ok'), ...(await getHeaderInfo(ctx.db, user)) };
      },
    );
  };
}
