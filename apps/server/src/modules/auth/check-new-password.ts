import { MSG } from '@portal/contracts/messages';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { fieldError } from '../../lib/errors.ts';

/**
 * Refuses a new password that is guessed early (decision 027), as a 400 on the form's
 * field; the schema has already held it to 8–128 characters. Only setting a password is
 * checked: an account whose password is on the list still signs in with it.
 */
export function checkNewPassword(password: string, field: 'password' | 'npassword', email?: string): void {
  if (isCommonPassword(password, email)) throw fieldError(field, MSG.passwordTooCommon);
}
