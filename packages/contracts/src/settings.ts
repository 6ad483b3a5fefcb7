import { z } from 'zod';
import { successWith } from './envelope.ts';

/** Site settings that every visitor may read (product decision D9). */
export const PublicSettings = z.object({
  /** The provider's name, as invoices and quotes carry it. */
  provider_name: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  postal_address: z.string(),
  fundraising_url: z.string(),
  fundraising_label: z.string(),
  partner_url: z.string(),
  promo_video_url: z.string(),
  cancel_cutoff: z.string(),
  sales_tax_note: z.string(),
});
export type TPublicSettings = z.infer<typeof PublicSettings>;
export const SETTING_KEYS = PublicSettings.keyof().options;

export const SettingsResponse = successWith({ settings: PublicSettings });
export type TSettingsResponse = z.infer<typeof SettingsResponse>;
