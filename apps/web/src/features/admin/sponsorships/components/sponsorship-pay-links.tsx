import type { TAdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { formatMoney } from '@portal/contracts/money';
import { DetailSection } from '../../lib/detail-section.tsx';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { SentPayLink } from '../../lib/sent-pay-link.tsx';
import { day, TEXT, when } from '../texts.ts';

/** The pay links sent, and the one just sent, shown this once with its address. */
export function SponsorshipPayLinks({
  detail,
  sent,
}: {
  detail: TAdminSponsorshipDetailResponse;
  sent: { url: string; to: string } | undefined;
}) {
  return (
    <DetailSection title={TEXT.payLinks}>
      {sent && <SentPayLink url={sent.url} to={sent.to} />}
      <ScrollTable
        label={TEXT.payLinks}
        head={['Sent', 'Amount', 'Expires', 'By']}
        empty={TEXT.noPayLinks}
        rows={detail.pay_links.map((l) => [
          when.format(new Date(l.created_at)),
          l.amount_cents === null ? 'What is left' : formatMoney(l.amount_cents),
          day.format(new Date(l.expires_at)),
          l.created_by || '—',
        ])}
      />
    </DetailSection>
  );
}
