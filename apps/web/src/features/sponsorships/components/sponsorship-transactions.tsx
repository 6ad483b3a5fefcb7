import { Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TSponsorshipDetailsResponse } from '@portal/contracts/sponsorships';
import { Fact } from '../../../components/fact.tsx';
import classes from './sponsorship.module.css';
import { dateTime } from './sponsorship-dates.ts';
import { TEXT } from './texts.ts';

type Transaction = TSponsorshipDetailsResponse['sponsorship_txns'][number];

/** Every payment tried for the sponsorship, confirmed or failed, and every refund of one. */
export function SponsorshipTransactions({ transactions }: { transactions: Transaction[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {TEXT.txnsHeading}
      </Title>
      {transactions.length === 0 ? (
        <Text c="gray.7">{TEXT.noTxns}</Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.cards} aria-label={TEXT.txnsHeading}>
          {transactions.map((t) => (
            <Paper component="li" withBorder radius="md" p="md" key={`${t.transaction_id}-${t.payment_date}`}>
              <SimpleGrid
                cols={{ base: 2, md: 4 }}
                spacing="sm"
                verticalSpacing="sm"
                component="dl"
                className={classes.facts}
              >
                <Fact label={TEXT.txnDate} value={dateTime(t.payment_date)} />
                <Fact
                  label={TEXT.txnStatus}
                  value={
                    <Badge
                      color={t.kind === 'refund' ? 'blue' : t.payment_status === 1 ? 'teal' : 'red'}
                      variant="light"
                      radius="sm"
                      styles={{ label: { color: 'var(--mantine-color-text)' } }}
                    >
                      {t.kind === 'refund'
                        ? TEXT.txnRefunded
                        : t.payment_status === 1
                          ? TEXT.txnConfirmed
                          : TEXT.txnFailed}
                    </Badge>
                  }
                />
                <Fact label={TEXT.txnId} value={t.transaction_id || '—'} />
                <Fact label={TEXT.txnAmount} value={t.amount_html} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
