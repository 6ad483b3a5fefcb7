import type { SchoolAccountBody } from '@portal/contracts/profiles';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { schools } from '../../db/schema/index.ts';
import { fieldsBefore, recordChange } from '../audit/record-change.ts';
import { changeLoginEmail, confirmLoginEmailChange } from '../auth/change-login-email.ts';
import { resolvePlace } from '../reference/resolve-place.ts';

/**
 * Saves the school's details (first setup and profile). The primary contact e-mail is the
 * login, so changing it changes the e-mail the school signs in with, if no one else has it
 * and the current password came with it; the old address is told and the school's other
 * sessions end.
 */
export async function saveSchoolAccount(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'cache' | 'feed'>,
  user: { userId: number; sessionId: number },
  input: z.output<typeof SchoolAccountBody>,
  ip: string,
): Promise<void> {
  const { userId } = user;
  const passwordConfirmed = await confirmLoginEmailChange(ctx.db, {
    userId,
    email: input.primary_email,
    password: input.current_password,
    ip,
  });
  const emailChange = await ctx.db.transaction(async (tx) => {
    const place = await resolvePlace(tx, input.state, input.county);
    const emailChange = await changeLoginEmail(ctx, tx, userId, input.primary_email, {
      sessionId: user.sessionId,
      passwordConfirmed,
    });
    const [current] = await tx.select().from(schools).where(eq(schools.user_id, userId)).for('update');
    const after = {
      school_name: input.school_name,
      address: input.address,
      city: input.city,
      zip: input.zip,
      ...place,
      dist_calendar: input.dist_calendar,
      phone: input.phone,
      website: input.website,
      avg_enrollment: input.avg_enrollment,
      hod_name: input.hod_name,
      hod_email: input.hod_email,
      primary_name: input.primary_name,
      primary_position: input.primary_position,
      primary_phone: input.primary_phone,
      primary_phone2: input.primary_phone2,
      secondary_name: input.secondary_name,
      secondary_position: input.secondary_position,
      secondary_email: input.secondary_email,
      secondary_phone: input.secondary_phone,
      secondary_phone2: input.secondary_phone2,
    };
    await tx
      .update(schools)
      .set({ ...after, details_completed_at: sql`coalesce(${schools.details_completed_at}, now())` })
      .where(eq(schools.user_id, userId));
    await recordChange(tx, {
      actorId: userId,
      action: current?.details_completed_at ? 'update' : 'complete-details',
      entity: 'school',
      entityId: userId,
      before: { ...(current ? fieldsBefore(current, after) : {}), email: emailChange?.from },
      after: { ...after, email: emailChange?.to },
      ip,
    });
    return emailChange;
  });
  if (emailChange) ctx.feed.touch('sessions');
}
