import { SETTING_KEYS, type TPublicSettings } from '@portal/contracts/settings';
import type { Executor } from '../../db/client.ts';
import { site_settings } from '../../db/schema/index.ts';

/** The public site settings; a key staff never set reads as an empty string. */
export async function getSettings(db: Executor): Promise<TPublicSettings> {
  const rows = await db.select({ key: site_settings.key, value: site_settings.value }).from(site_settings);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, byKey.get(k) ?? ''])) as TPublicSettings;
}
