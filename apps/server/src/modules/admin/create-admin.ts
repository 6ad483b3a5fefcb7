import { USER_TYPE } from '@portal/contracts/constants';
import { emailField, passwordField } from '@portal/contracts/fields';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordChange } from '../audit/record-change.ts';
import { checkNewPassword } from '../auth/check-new-password.ts';

export const NewAdmin = z.object({
  email: emailField(),
  password: passwordField(),
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
});

/**
 * Makes an administrator (the first one of an installation, or another one later): the
 * password held to the rules of every other (decision 027) and hashed with argon2id, the
 * account and its audit row in one transaction. An e-mail already in use, by anyone, is
 * refused.
 */
export async function createAdmin(
  db: Database,
  input: z.input<typeof NewAdmin>,
): Promise<{ id: number; email: string }> {
  const admin = NewAdmin.parse(input);
  checkNewPassword(admin.password, 'password', admin.email);
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: admin.email.toLowerCase(),
        password_hash: passwordHash,
        usertype: USER_TYPE.admin,
        first_name: admin.first_name,
        last_name: admin.last_name,
      })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (!created) throw conflict('An account with this email address already exists.');
    await recordChange(tx, {
      actorId: null,
      action: 'create',
      entity: 'account',
      entityId: created.id,
      after: { email: created.email, role: 'admin' },
    });
    return created;
  });
}
