import type { TPublicSettings } from '@portal/contracts/settings';

/** Placeholders staff replace in the back office (D9). */
export const DEFAULT_SETTINGS: TPublicSettings = {
  provider_name: 'School Planner Savings',
  support_email: 'support@schoolplannersavings.com',
  support_phone: '(813) 555-0142',
  postal_address: '4805 W Laurel St, Suite 200, Tampa, FL 33607',
  fundraising_url: 'https://fundraising.schoolplannersavings.com/',
  fundraising_label: 'School Fundraising',
  partner_url: 'https://www.floridaschoolpartners.org/',
  promo_video_url: '/media/promo.mp4',
  cancel_cutoff: '05-01',
  sales_tax_note: 'Sales tax will be added to your order later by our team.',
};
