import '../../../styles/mantine-forms.css';
import { Anchor, Stack, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import { Link, useParams } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { Notice } from '../../../components/notice.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useSponsorshipDetails } from '../api/sponsorship-calls.ts';
import { SponsorshipActions } from '../components/sponsorship-actions.tsx';
import { SponsorshipFacts } from '../components/sponsorship-facts.tsx';
import { SponsorshipItems } from '../components/sponsorship-items.tsx';
import { SponsorshipTransactions } from '../components/sponsorship-transactions.tsx';
import { TEXT } from '../components/texts.ts';

/** sponsor/sponsorship/{id} (spec §2): one sponsorship in full, and how to pay what is left. */
export default function Sponsorship() {
  const { id = '' } = useParams();
  const sponsorshipId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const details = useSponsorshipDetails(sponsorshipId);
  const title = details.data ? TEXT.sponsorshipNo(details.data.sponsorship.sponsorship_gr_id) : TEXT.detailsTitle;
  usePageMeta({ title });
  const notFound =
    sponsorshipId === 0 ||
    (details.isError && details.error instanceof ApiError && [400, 403, 404].includes(details.error.status));

  return (
    <AccountLayout title={title} links={SPONSOR_SIDEBAR}>
      {notFound ? (
        <Notice tone="error" title={TEXT.notFoundTitle}>
          <Text size="sm">
            {TEXT.notFoundText}{' '}
            {/* The alert's tint takes the link color below AA contrast: it keeps the text's, underlined. */}
            <Anchor component={Link} to={routePath('sponsorships')} c="inherit" underline="always" fw={600}>
              {TEXT.seeYours}
            </Anchor>
          </Text>
        </Notice>
      ) : details.isError ? (
        <LoadError message={details.error.message} onRetry={() => void details.refetch()} />
      ) : !details.data ? (
        <FormSkeleton rows={6} />
      ) : (
        <Stack gap="lg">
          <SponsorshipFacts sponsorship={details.data.sponsorship} />
          <SponsorshipActions sponsorship={details.data.sponsorship} />
          <SponsorshipItems items={details.data.sponsorship_items} />
          <SponsorshipTransactions transactions={details.data.sponsorship_txns} />
        </Stack>
      )}
    </AccountLayout>
  );
}
