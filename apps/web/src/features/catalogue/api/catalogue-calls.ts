import type {
  TAddToCartResponse,
  TAddToEnquiryResponse,
  TAdvanceSearchResponse,
  TAllCategoryResponse,
  TCategoryResponse,
  TProductCard,
  TProductInfoResponse,
} from '@portal/contracts/catalogue';
import { CATEGORY_PAGE_SIZE, type PRODUCT_SORTS } from '@portal/contracts/constants';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import { browserSession, useSession } from '../../../lib/browser-session.ts';
import { RECENT_PRODUCTS_KEY } from '../../../lib/recent-products.ts';

export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ListingFilters {
  sort: ProductSort;
  /** The brand filter of the address (?brands=), comma separated; no control shows it (spec §2). */
  brands: string;
}

const HOUR = 60 * 60 * 1000;

/** An unknown slug (404) is an answer, not a hiccup: asking again would not change it. */
const retryUnlessMissing = (count: number, error: Error) => count < 1 && !isMissing(error);

export const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

export function useAllCategories() {
  return useQuery({
    queryKey: ['catalogue', 'allcategory'],
    queryFn: ({ signal }) => api.get<TAllCategoryResponse>('allcategory', undefined, { silent: true, signal }),
    select: (data) => data.categories,
    staleTime: HOUR,
  });
}

/** Pages of 24 until a page comes back empty (spec §2). */
function nextPage(last: { products: TProductCard[] }, _all: unknown[], lastPage: number) {
  return last.products.length === 0 ? undefined : lastPage + 1;
}

/** One category's products, a page at a time (GET category). */
export function useCategoryProducts(slug: string, { sort, brands }: ListingFilters) {
  const { token } = useSession();
  return useInfiniteQuery<TCategoryResponse, Error, InfiniteData<TCategoryResponse>, unknown[], number>({
    queryKey: ['catalogue', 'category', slug, sort, brands, token],
    queryFn: ({ pageParam, signal }) =>
      api.get<TCategoryResponse>(
        'category',
        { slug, page: pageParam, limit: CATEGORY_PAGE_SIZE, sort, brands, cart_id: browserSession.cartId() },
        { silent: true, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    retry: retryUnlessMissing,
  });
}

/** Every product (empty search, /products) or the ones matching a search (GET advancesearch). */
export function useProductSearch(search: string, { sort, brands }: ListingFilters) {
  const { token } = useSession();
  return useInfiniteQuery<TAdvanceSearchResponse, Error, InfiniteData<TAdvanceSearchResponse>, unknown[], number>({
    queryKey: ['catalogue', 'advancesearch', search, sort, brands, token],
    queryFn: ({ pageParam, signal }) =>
      api.get<TAdvanceSearchResponse>(
        'advancesearch',
        { search, page: pageParam, limit: CATEGORY_PAGE_SIZE, sort, brands, cart_id: browserSession.cartId() },
        { silent: true, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** A product page; signed-in callers see what a login-required product hides (spec §6). */
export function useProductInfo(slug: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['catalogue', 'productinfo', slug, token],
    queryFn: ({ signal }) =>
      api.get<TProductInfoResponse>(
        'productinfo',
        { slug, cart_id: browserSession.cartId() },
        { silent: true, signal },
      ),
    retry: retryUnlessMissing,
  });
}

/** Records each view of a product (GET productvisited), so that it shows as recently viewed. */
export function useRecordVisit(productId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!productId) return;
    api
      .get('productvisited', { item_id: productId, cart_id: browserSession.cartId() }, { silent: true })
      .then(() => queryClient.invalidateQueries({ queryKey: RECENT_PRODUCTS_KEY }))
      .catch(() => undefined); // A lost visit only shortens the recently viewed list.
  }, [productId, queryClient]);
}

/** A school starts a reservation (POST addtocartv2) → /order-now/{order_key}. */
export function useAddToCart() {
  return useMutation({
    mutationFn: (productId: number) => api.post<TAddToCartResponse>('addtocartv2', { product_id: productId, qty: 1 }),
  });
}

/** A sponsor starts an enquiry (POST addtoenquiry) → /enquire-now/{enq_key}. */
export function useAddToEnquiry() {
  return useMutation({
    mutationFn: (productId: number) =>
      api.post<TAddToEnquiryResponse>('addtoenquiry', { product_id: productId, qty: 1 }),
  });
}
