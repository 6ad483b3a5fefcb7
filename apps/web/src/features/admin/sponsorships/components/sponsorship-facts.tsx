import { SimpleGrid, Text } from '@mantine/core';
import type { TAdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { formatMoney } from '@portal/contracts/money';
import { Fact } from '../../../../components/fact.tsx';
import { DetailSection } from '../../lib/detail-section.tsx';
import { schoolYear, TEXT, when } from '../texts.ts';

/** Who sponsors, for which year, and the money: total, paid and left to pay. */
export function SponsorshipFacts({ detail }: { detail: TAdminSponsorshipDetailResponse }) {
  const s = detail.sponsorship;
  return (
    <DetailSection title={TEXT.facts}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} component="dl" m={0}>
        <Fact
          label="Sponsor"
          value={
            <>
              {s.sponsor}
              <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
                {s.sponsor_email}
              </Text>
            </>
          }
        />
        <Fact label="Sales rep" value={s.rep || '—'} />
        <Fact label="School year" value={schoolYear(s.year)} />
        <Fact label="Quantity" value={s.total_qty} />
        <Fact label="Total" value={formatMoney(s.total_cents)} />
        <Fact label="Paid" value={formatMoney(s.paid_cents)} />
        <Fact label="Left to pay" value={formatMoney(s.left_cents)} />
        <Fact label="Last update" value={when.format(new Date(s.updated_at))} />
      </SimpleGrid>
    </DetailSection>
  );
}
