import '../../../styles/mantine-forms.css';
import { Alert, Anchor, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { SponsorshipStatusBadge } from '../../../components/sponsorship-status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { backOfficePath } from '../sections.ts';
import { useAdminSponsorship } from './api.ts';
import { SponsorshipActions } from './components/sponsorship-actions.tsx';
import { SponsorshipFacts } from './components/sponsorship-facts.tsx';
import { SponsorshipHistory } from './components/sponsorship-history.tsx';
import { SponsorshipItems } from './components/sponsorship-items.tsx';
import { SponsorshipPayLinks } from './components/sponsorship-pay-links.tsx';
import { SponsorshipPayments } from './components/sponsorship-payments.tsx';
import { TEXT } from './texts.ts';

/**
 * One sponsorship, as a composition of its sections: its facts, items, payments, pay links
 * and history, with what staff may do with it above them.
 */
export default function SponsorshipDetailScreen() {
  const id = Number(useParams().id) || 0;
  usePageMeta({ title: `Sponsorship #${id}` });
  const query = useAdminSponsorship(id);
  /** The pay link just sent, shown this once in the pay links' section. */
  const [sentLink, setSentLink] = useState<{ url: string; to: string }>();

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return missing ? (
      <Alert color="yellow" title={`Sponsorship #${id}`}>
        {TEXT.notFound}{' '}
        <Anchor component={Link} to={backOfficePath('sponsorships')}>
          {TEXT.back}
        </Anchor>
      </Alert>
    ) : (
      <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) return <LoadingBar active />;
  const detail = query.data;
  const s = detail.sponsorship;

  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={backOfficePath('sponsorships')} size="sm">
        ← {TEXT.back}
      </Anchor>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2">
            Sponsorship #{s.sponsorship_id}
          </Title>
          <SponsorshipStatusBadge status={s.status} label={s.status} />
        </Group>
        <SponsorshipActions detail={detail} onLinkSent={setSentLink} />
      </Group>
      <SponsorshipFacts detail={detail} />
      <SponsorshipItems detail={detail} />
      <SponsorshipPayments detail={detail} />
      <SponsorshipPayLinks detail={detail} sent={sentLink} />
      <SponsorshipHistory detail={detail} />
    </Stack>
  );
}
