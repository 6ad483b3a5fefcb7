import type { TSponsorshipDocumentLinkResponse } from '@portal/contracts/sponsorships';
import { api } from '../../../lib/api-client.ts';

/**
 * Opens the sponsorship's summary in a new tab, in the browser's own PDF viewer, through a
 * short link the server makes for it (decision 012), as an order's invoice is opened.
 */
export const openSponsorshipSummary = (sponsorshipId: number) =>
  api.openInNewTab(
    async () =>
      (await api.post<TSponsorshipDocumentLinkResponse>('sponsorshipdocumentlink', { sponsorship_id: sponsorshipId }))
        .link,
  );
