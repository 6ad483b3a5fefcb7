import type { TPublicSettings } from '@portal/contracts/settings';
import type { AppContext } from '../../context.ts';
import type { Provider } from './pdf-drawing.ts';

/** Who issues the documents, as staff set it in the site settings (D9). */
export async function documentProvider(ctx: AppContext): Promise<Provider> {
  return providerOf(await ctx.cache.settings.get());
}

/** The provider as the site settings name it. */
export function providerOf(settings: TPublicSettings): Provider {
  return {
    name: settings.provider_name,
    address: settings.postal_address,
    email: settings.support_email,
    phone: settings.support_phone,
  };
}
