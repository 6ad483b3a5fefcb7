import { Anchor, Stack } from '@mantine/core';
import type { TPaymentDisputeRow } from '@portal/contracts/payment-problems';
import { Link } from 'react-router';
import { backOfficePath } from '../sections.ts';

type Paid = TPaymentDisputeRow['pays'][number];

const recordPath = (r: Paid) => backOfficePath(r.kind === 'order' ? `orders/${r.id}` : `sponsorships/${r.id}`);

/** Who made a payment and what it pays, each a link to the record: a cell of the payments' tables. */
export function PaidBy({ payer, pays }: { payer: string; pays: readonly Paid[] }) {
  return (
    <Stack gap={2}>
      <span style={{ overflowWrap: 'break-word', wordBreak: 'break-word' }}>{payer}</span>
      {pays.map((p) => (
        <Anchor key={`${p.kind}-${p.id}`} component={Link} to={recordPath(p)} size="sm">
          {p.label}
        </Anchor>
      ))}
    </Stack>
  );
}

/** The "Paid by" column of a table of payments: who paid, and what it pays, each a link. */
export function paidByColumn<T extends { payer: string; pays: readonly Paid[] }>() {
  return { accessor: 'payer', title: 'Paid by', render: (r: T) => <PaidBy payer={r.payer} pays={r.pays} /> } as const;
}
