import { USER_TYPE } from '@portal/contracts/constants';
import { MSG } from '@portal/contracts/messages';
import type { SponsorAccountBody } from '@portal/contracts/profiles';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { sponsors, users } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { fieldsBefore, recordChange } from '../audit/record-change.ts';
import { changeLoginEmail, confirmLoginEmailChange, type LoginEmailChange } from '../auth/change-login-email.ts';
import { resolvePlace } from '../reference/resolve-place.ts';

type Input = z.output<typeof SponsorAccountBody>;

async function checkSalesRep(db: Executor, srepId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, srepId), eq(users.usertype, USER_TYPE.salesRep), eq(users.status, 1)));
  if (!row) throw badRequest(MSG.unknownSalesRep, { srep_id: MSG.unknownSalesRep });
}

/**
 * Saves the sponsor's details. The first-time form sets the business name and, when staff
 * have not assigned one yet, the sales rep; after that the rep is read-only for sponsors.
 * The profile form carries the rest; its primary e-mail is the login, and a change of
 * address needs the current password, is told to the old address and ends the sponsor's
 * other sessions.
 */
export async function saveSponsorAccount(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'cache' | 'feed'>,
  user: { userId: number; sessionId: number },
  input: Input,
  ip: string,
): Promise<void> {
  const { userId } = user;
  const passwordConfirmed =
    'primary_email' in input &&
    (await confirmLoginEmailChange(ctx.db, {
      userId,
      email: input.primary_email,
      password: input.current_password,
      ip,
    }));
  const emailChange = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(sponsors).where(eq(sponsors.user_id, userId)).for('update');
    const record = (action: string, after: Record<string, unknown>, emailChange?: LoginEmailChange) =>
      recordChange(tx, {
        actorId: userId,
        action,
        entity: 'sponsor',
        entityId: userId,
        before: { ...(current ? fieldsBefore(current, after) : {}), email: emailChange?.from },
        after: { ...after, email: emailChange?.to },
        ip,
      });

    if ('srep_id' in input) {
      const assignRep = current?.srep_id == null;
      if (assignRep) await checkSalesRep(tx, input.srep_id);
      const after = { business_name: input.business_name, ...(assignRep ? { srep_id: input.srep_id } : {}) };
      await tx
        .update(sponsors)
        .set({ ...after, details_completed_at: sql`coalesce(${sponsors.details_completed_at}, now())` })
        .where(eq(sponsors.user_id, userId));
      await record('complete-details', after);
      return undefined;
    }

    const place = await resolvePlace(tx, input.state, input.county);
    const emailChange = await changeLoginEmail(ctx, tx, userId, input.primary_email, {
      sessionId: user.sessionId,
      passwordConfirmed,
    });
    const after = {
      business_name: input.business_name,
      phone_number: input.phone_number,
      website: input.website,
      address: input.address,
      city: input.city,
      zip: input.zip,
      ...place,
      primary_name: input.primary_name,
      primary_phone: input.primary_phone,
      secondary_name: input.secondary_name,
      secondary_email: input.secondary_email,
      secondary_phone: input.secondary_phone,
    };
    await tx
      .update(sponsors)
      .set({ ...after, details_completed_at: sql`coalesce(${sponsors.details_completed_at}, now())` })
      .where(eq(sponsors.user_id, userId));
    await record('update', after, emailChange);
    return emailChange;
  });
  if (emailChange) ctx.feed.touch('sessions');
}
