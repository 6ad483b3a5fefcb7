import type { TProductsResponse } from '@portal/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { browserSession, useSession } from './browser-session.ts';

/**
 * Recently viewed products: read by the home page, recorded by the product page. The
 * server keys them by the signed-in user, else by the browser's cart id (spec §4, §7).
 */
export const RECENT_PRODUCTS_KEY = ['catalogue', 'recentproduct'] as const;

export function useRecentProducts() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...RECENT_PRODUCTS_KEY, token],
    queryFn: ({ signal }) =>
      api.get<TProductsResponse>('recentproduct', { cart_id: browserSession.cartId() }, { silent: true, signal }),
    select: (data) => data.products,
    // A visitor who has viewed no product has no cart id yet, and nothing to list.
    enabled: token !== null || browserSession.hasCartId(),
    // The visitor's own list: the browser fetches it, never the server's render of the page.
    meta: { perVisitor: true },
  });
}
