import { Paper, SimpleGrid } from '@mantine/core';
import type { TSponsorshipDetailsResponse } from '@portal/contracts/sponsorships';
import { Fact } from '../../../components/fact.tsx';
import { SponsorshipStatusBadge } from '../../../components/sponsorship-status-badge.tsx';
import classes from './sponsorship.module.css';
import { shortDate } from './sponsorship-dates.ts';
import { TEXT } from './texts.ts';

/** The sponsorship at a glance; what is due shows only while something is. */
export function SponsorshipFacts({ sponsorship: s }: { sponsorship: TSponsorshipDetailsResponse['sponsorship'] }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm" verticalSpacing="sm" component="dl" className={classes.facts}>
        <Fact label={TEXT.factId} value={`#${s.sponsorship_gr_id}`} />
        <Fact label={TEXT.factUpdated} value={shortDate(s.last_updated)} />
        <Fact label={TEXT.factStatus} value={<SponsorshipStatusBadge status={s.status} label={s.status_html} />} />
        <Fact label={TEXT.factQty} value={s.total_qty.toLocaleString('en-US')} />
        <Fact label={TEXT.factAmount} value={s.total_amount_html} testId="sponsorship-total" />
        {s.left_amount > 0 && <Fact label={TEXT.factDue} value={s.left_amount_html} testId="sponsorship-due" />}
      </SimpleGrid>
    </Paper>
  );
}
