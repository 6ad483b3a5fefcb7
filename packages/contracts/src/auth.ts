import { z } from 'zod';
import { cartId } from './catalogue.ts';
import { USER_TYPE } from './constants.ts';
import { successWith } from './envelope.ts';
import { currentPasswordField, emailField, passwordField } from './fields.ts';
import { MSG, tooLong } from './messages.ts';

const REF_CODE_MAX = 64;

/** A flag sent by forms as '1'/'0', 'true'/'false' or a real boolean. */
const notAFlag = { error: MSG.invalidValue };
export const flag = z
  .union(
    [
      z.boolean(notAFlag),
      z.enum(['1', '0', 'true', 'false', 'on', ''], notAFlag),
      z.literal(1, notAFlag),
      z.literal(0, notAFlag),
    ],
    notAFlag,
  )
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on')
  .default(false);

const signInType = z.coerce
  .number({ error: MSG.userTypeInvalid })
  .pipe(z.literal([USER_TYPE.school, USER_TYPE.sponsor], { error: MSG.userTypeInvalid }));

/** POST /api/login (spec §7): username is the e-mail. */
export const LoginBody = z.object({
  username: emailField(MSG.validEmailAddress),
  password: currentPasswordField(),
  usertype: signInType,
  remember: flag,
  /** The visitor's cart id: what it viewed before signing in becomes the account's history. */
  cart_id: cartId,
});
export type TLoginBody = z.input<typeof LoginBody>;

export const LoginResponse = successWith({ token: z.string(), usertype: z.number().int() });
export type TLoginResponse = z.infer<typeof LoginResponse>;

/** The school login form; the sign-in call adds usertype. */
export const LoginForm = LoginBody.pick({ username: true, password: true, remember: true });
export type TLoginForm = z.input<typeof LoginForm>;

/** POST /api/loginnewreg: a school registers and is signed in. */
export const RegisterBody = z.object({
  email: emailField(MSG.emailRequired),
  password: passwordField(),
  usertype: z.coerce
    .number({ error: MSG.schoolsRegisterOnly })
    .pipe(z.literal(USER_TYPE.school, { error: MSG.schoolsRegisterOnly }))
    .default(USER_TYPE.school),
  ref_code: z.string({ error: MSG.invalidValue }).trim().max(REF_CODE_MAX, tooLong(REF_CODE_MAX)).default(''),
  cart_id: cartId,
});
export type TRegisterBody = z.input<typeof RegisterBody>;
export const RegisterForm = RegisterBody.pick({ email: true, password: true });
export type TRegisterForm = z.input<typeof RegisterForm>;

/** POST /api/forgotpassword */
export const ForgotPasswordBody = z.object({ email: emailField(MSG.validEmailAddress) });
export type TForgotPasswordBody = z.input<typeof ForgotPasswordBody>;

const newPasswordPair = {
  npassword: passwordField(),
  cpassword: z.string({ error: MSG.passwordsDoNotMatch }).min(1, MSG.passwordsDoNotMatch).max(200, tooLong(200)),
};
const passwordsMatch = (v: { npassword: string; cpassword: string }) => v.npassword === v.cpassword;
const mismatch = { message: MSG.passwordsDoNotMatch, path: ['cpassword'] };

/** The set-password form (spec §5), and the new password of the change-password form. */
export const NewPasswordForm = z.object(newPasswordPair).refine(passwordsMatch, mismatch);
export type TNewPasswordForm = z.input<typeof NewPasswordForm>;

/** POST /api/setpassword: with the key from the e-mailed link. */
export const SetPasswordBody = z
  .object({
    ...newPasswordPair,
    securitykey: z
      .string({ error: MSG.resetKeyInvalid })
      .trim()
      .min(1, MSG.resetKeyInvalid)
      .max(200, MSG.resetKeyInvalid),
  })
  .refine(passwordsMatch, mismatch);
export type TSetPasswordBody = z.input<typeof SetPasswordBody>;

/**
 * POST /api/setpasswordn: a signed-in user changes the password, giving the current one
 * first, so that a session left open (or taken) is not enough to take the account.
 */
export const ChangePasswordBody = z
  .object({ current_password: currentPasswordField(MSG.currentPasswordRequired), ...newPasswordPair })
  .refine(passwordsMatch, mismatch);
export type TChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** GET /api/checkusername?username=, /api/checkemail?email=: success means available. */
export const CheckUsernameQuery = z.object({ username: emailField(MSG.emailRequired) });
export const CheckEmailQuery = z.object({ email: emailField(MSG.emailRequired) });

/** GET /api/headerinfo: who is signed in. */
export const HeaderInfoResponse = successWith({
  name: z.string(),
  email: z.string(),
  usertype: z.number().int(),
});
export type THeaderInfoResponse = z.infer<typeof HeaderInfoResponse>;
