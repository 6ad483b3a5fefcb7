import '../../../styles/mantine-forms.css';
import { Anchor, Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { goToGateway } from '../../../lib/go-to-gateway.ts';
import { startBulkPayment, useBulkSponsorships } from '../api/sponsorship-calls.ts';
import { TEXT } from '../components/texts.ts';
import classes from './sponsorships.module.css';

/**
 * sponsor/checkout (spec §2, §4): every unpaid sponsorship, ticked; each tick asks the
 * server again, so that the total shown is the one the payment will charge.
 */
export default function SponsorCheckout() {
  usePageMeta({ pageId: 6, title: TEXT.checkoutTitle });
  const [excluded, setExcluded] = useState<number[]>([]);
  const bulk = useBulkSponsorships(excluded);
  const [paying, setPaying] = useState(false);
  const running = useRef(false);
  const data = bulk.data;
  const settled = !bulk.isPlaceholderData && !bulk.isFetching;
  const nothingTicked = !!data && data.total_bulk_amount === 0;

  const toggle = (id: number, include: boolean) =>
    setExcluded((list) => (include ? list.filter((x) => x !== id) : [...list, id]));

  const pay = async () => {
    if (running.current) return;
    running.current = true;
    setPaying(true);
    try {
      const { redirect } = await startBulkPayment(excluded);
      goToGateway(redirect);
    } catch {
      // The API client has said why.
      running.current = false;
      setPaying(false);
    }
  };

  return (
    <AccountLayout title={TEXT.checkoutTitle} description={TEXT.checkoutDescription} links={SPONSOR_SIDEBAR}>
      {bulk.isError && !data ? (
        <LoadError message={bulk.error.message} onRetry={() => void bulk.refetch()} />
      ) : !data ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={TEXT.checkoutLoading}>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : data.sponsorships.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>{TEXT.nothingToPay}</Text>
            <Anchor component={Link} to={routePath('sponsorships')}>
              {TEXT.seeYours}
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          {/* A total the server could not give again is not one to pay. */}
          {bulk.isError && <LoadError message={bulk.error.message} onRetry={() => void bulk.refetch()} />}
          <Paper withBorder radius="lg">
            <Table.ScrollContainer minWidth={360}>
              <Table verticalSpacing="sm" horizontalSpacing="sm" data-testid="bulk-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{TEXT.colInclude}</Table.Th>
                    <Table.Th scope="col">{TEXT.colId}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {TEXT.colQty}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {TEXT.colBulkAmount}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.sponsorships.map((s) => {
                    const ticked = !excluded.includes(s.sponsorship_id);
                    return (
                      <Table.Tr key={s.sponsorship_id}>
                        <Table.Td>
                          <Checkbox
                            checked={ticked}
                            onChange={(e) => toggle(s.sponsorship_id, e.currentTarget.checked)}
                            aria-label={TEXT.include(s.sponsorship_grp_id)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={routePath('sponsorship', { id: s.sponsorship_grp_id })}>
                            #{s.sponsorship_grp_id}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right" className={classes.figure}>
                          {s.total_qty.toLocaleString('en-US')}
                        </Table.Td>
                        <Table.Td ta="right" className={classes.figure} c={ticked ? undefined : 'gray.7'}>
                          {s.total_amount_html}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row" colSpan={3}>
                      {TEXT.bulkTotal}
                    </Table.Th>
                    <Table.Td
                      ta="right"
                      fw={700}
                      className={classes.figure}
                      data-testid="bulk-total"
                      aria-live="polite"
                    >
                      {data.total_bulk_amount_html}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Group justify="flex-end" gap="sm" align="center">
            {nothingTicked && (
              <Text size="sm" c="red.8" role="alert">
                {TEXT.selectOne}
              </Text>
            )}
            <Button
              color="teal.9"
              size="md"
              loading={paying}
              disabled={nothingTicked || !settled || bulk.isError}
              onClick={() => void pay()}
            >
              {TEXT.payNow}
            </Button>
          </Group>
        </Stack>
      )}
    </AccountLayout>
  );
}
