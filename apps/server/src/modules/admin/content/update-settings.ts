import type { SettingsUpdate } from '@portal/contracts/admin-content';
import { MSG } from '@portal/contracts/messages';
import { formatPhone } from '@portal/contracts/phone';
import { SETTING_KEYS } from '@portal/contracts/settings';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { site_settings } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/errors.ts';
import { recordChange } from '../../audit/record-change.ts';
import type { Staff } from '../staff.ts';

/**
 * Saves the site settings (D9), all at once: each one changed gets its own audit row
 * (entity 'setting', the key as its id). Given the values the form was opened with, only
 * the settings this admin changed are written, so another admin's change to another setting
 * stands; one both changed, to different values, is refused (409) and nothing is written. The phone is kept as people read it. Every
 * server's cached settings and rendered pages are dropped by the table's notice; this
 * one's at once.
 */
export async function updateSettings(
  ctx: AppContext,
  staff: Staff,
  { opened, ...values }: z.output<typeof SettingsUpdate>,
  ip: string,
): Promise<void> {
  const next: Record<string, string> = { ...values, support_phone: formatPhone(values.support_phone) };
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ key: site_settings.key, value: site_settings.value })
      .from(site_settings)
      .for('update');
    const current = new Map(rows.map((row) => [row.key, row.value]));
    const base = (key: (typeof SETTING_KEYS)[number]) => (opened ? opened[key] : undefined) ?? current.get(key);
    const mine = SETTING_KEYS.filter((key) => next[key] !== base(key));
    if (mine.some((key) => current.get(key) !== base(key) && current.get(key) !== next[key])) {
      throw conflict(MSG.settingsChanged);
    }
    const changed = mine.filter((key) => current.get(key) !== next[key]);
    if (changed.length === 0) return;
    await tx
      .insert(site_settings)
      .values(changed.map((key) => ({ key, value: next[key] ?? '' })))
      .onConflictDoUpdate({ target: site_settings.key, set: { value: sql`excluded.value`, updated_at: sql`now()` } });
    for (const key of changed) {
      await recordChange(tx, {
        actorId: staff.userId,
        action: 'update',
        entity: 'setting',
        entityId: key,
        before: { value: current.get(key) ?? null },
        after: { value: next[key] },
        ip,
      });
    }
  });
  ctx.feed.touch('site_settings');
}
