import type {
  TBulkSponsorshipConfirmResponse,
  TSponsorshipBulkResponse,
  TSponsorshipConfirmResponse,
  TSponsorshipDetailsResponse,
  TSponsorshipsResponse,
} from '@portal/contracts/sponsorships';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInfinitePages } from '../../../components/record-list/use-infinite-pages.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { browserSession } from '../../../lib/browser-session.ts';

/** Under 'account' so that signing in as someone else drops them. */
const sponsorshipsKey = ['account', 'sponsorships'] as const;

/** An unknown id (404) or a school (403) is an answer: asking again would not change it. */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** The sponsor's sponsorships of one year (or all), a page at a time as the list scrolls. */
export function useSponsorships(year: number | undefined) {
  return useInfinitePages([...sponsorshipsKey, 'list', year ?? 'all'], (page, signal) =>
    api.get<TSponsorshipsResponse>('sponsorship', { page, year: year ?? 'all' }, { silent: true, signal }),
  );
}

export function useSponsorshipDetails(id: number) {
  return useQuery({
    queryKey: [...sponsorshipsKey, 'details', id],
    queryFn: ({ signal }) =>
      api.get<TSponsorshipDetailsResponse>('sponsorshipdetails', { sponsorship_id: id }, { silent: true, signal }),
    retry: retryOnce,
    staleTime: 0,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** What a bulk payment would pay, leaving out the unticked ones; the server adds the total. */
export function useBulkSponsorships(excluded: readonly number[]) {
  return useQuery({
    queryKey: [...sponsorshipsKey, 'bulk', [...excluded].sort((a, b) => a - b).join(',')],
    queryFn: ({ signal }) =>
      api.get<TSponsorshipBulkResponse>(
        'sponsorshipbulk',
        { exclude_sponsorships: excluded.join(',') },
        { silent: true, signal },
      ),
    retry: retryOnce,
    staleTime: 0,
    // The ticks stay on screen while the new total comes.
    placeholderData: keepPreviousData,
  });
}

/** The server's record of a single payment the gateway sent the sponsor back from. */
export function useSponsorshipConfirm(paymentKey: string, via: 'success' | 'cancel') {
  return useQuery({
    queryKey: [...sponsorshipsKey, 'confirm', paymentKey, via],
    queryFn: ({ signal }) =>
      api.get<TSponsorshipConfirmResponse>(
        'sponsorshipconfirm',
        { payment_key: paymentKey, return_via: via },
        { silent: true, signal },
      ),
    retry: retryOnce,
    staleTime: 0,
  });
}

/** The server's record of a bulk payment the gateway sent the sponsor back from. */
export function useBulkSponsorshipConfirm(paymentKey: string, via: 'success' | 'cancel') {
  return useQuery({
    queryKey: [...sponsorshipsKey, 'bulkconfirm', paymentKey, via],
    queryFn: ({ signal }) =>
      api.get<TBulkSponsorshipConfirmResponse>(
        'bulksponsorshipconfirm',
        { payment_key: paymentKey, return_via: via },
        { silent: true, signal },
      ),
    retry: retryOnce,
    staleTime: 0,
  });
}

/** Starts paying one sponsorship (amount in dollars, as typed): the gateway's page to go to. */
export const startSponsorshipPayment = (sponsorshipId: number, amount: string) =>
  api.post<{ paymentLink: string }>('sponsorshippayment', { sponsorship_id: sponsorshipId, amount });

/** Starts paying every unpaid sponsorship but the excluded ones, in one card payment. */
export const startBulkPayment = (excluded: readonly number[]) =>
  api.post<{ redirect: string }>('paybulksponsorship', { exclude_sponsorships: [...excluded] });

/** Saves the list as CSV: the link needs the session, which a plain link would not send. */
export const downloadCsv = (link: string) => api.download(link, 'sponsorships.csv');

/**
 * Opens the server's printable list in a new tab. The page needs the session, which a new
 * tab would not send: it is fetched here and handed over as a local copy.
 */
export const openPrintable = (link: string) =>
  api.openInNewTab(async () => {
    const { token } = browserSession.get();
    const response = await fetch(link, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new ApiError(response.status, 'The printable list could not be opened.');
    const url = URL.createObjectURL(await response.blob());
    // The tab has read it well before then.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return url;
  });
