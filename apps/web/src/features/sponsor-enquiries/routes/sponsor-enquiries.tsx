import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useEnquiries } from '../api/enquiry-calls.ts';
import { enquiryDate } from '../components/enquiry-product.tsx';
import classes from './sponsor-enquiries.module.css';

/** Asks for the next page when the end of the list comes near (spec §9: infinite scroll). */
function useLoadMoreWhenSeen(onSeen: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onSeen);
  latest.current = onSeen;
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color="blue" variant="light" radius="sm" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {status}
    </Badge>
  );
}

/**
 * sponsor/orders (spec §2): the sponsor's sent enquiries, newest first, 12 at a time. The
 * spec's order columns belong to schools; a sponsor's list is of enquiries.
 */
export default function SponsorEnquiries() {
  usePageMeta({ title: 'Enquiries' });
  const list = useEnquiries();
  const enquiries = list.data?.pages.flatMap((p) => p.enquiries) ?? [];
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const sentinel = useLoadMoreWhenSeen(loadMore, list.hasNextPage);

  return (
    <AccountLayout
      title="Enquiries"
      description="What you have asked your sales representative, newest first."
      links={SPONSOR_SIDEBAR}
    >
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading enquiries">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : enquiries.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>You have not sent any enquiries yet.</Text>
            <Text c="gray.7">
              To send one, choose a sponsorship from the catalogue and press Enquire Now: the form opens with it.
            </Text>
            <Anchor component={Link} to={routePath('products')}>
              Browse the products
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <>
          <Stack gap="sm" component="ul" className={classes.cards} aria-label="Enquiries">
            {enquiries.map((e) => {
              const to = routePath('sponsorEnquiry', { key: e.enq_key });
              return (
                <Paper component="li" withBorder radius="md" p="md" key={e.enq_key}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Anchor component={Link} to={to} fw={700}>
                      Enquiry #{e.enq_id}
                    </Anchor>
                    <StatusBadge status={e.status} />
                  </Group>
                  <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                    {e.product.name}
                  </Text>
                  <Text size="sm" c="gray.7" mt={4}>
                    {enquiryDate(e.enq_date)}
                  </Text>
                </Paper>
              );
            })}
          </Stack>
          <Paper withBorder radius="lg" className={classes.table}>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="enquiries-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Enquiry ID</Table.Th>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col">Product</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {enquiries.map((e) => {
                    const to = routePath('sponsorEnquiry', { key: e.enq_key });
                    return (
                      <Table.Tr key={e.enq_key}>
                        <Table.Td>
                          <Anchor component={Link} to={to} fw={700}>
                            #{e.enq_id}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{enquiryDate(e.enq_date)}</Table.Td>
                        <Table.Td className={classes.product}>{e.product.name}</Table.Td>
                        <Table.Td>
                          <StatusBadge status={e.status} />
                        </Table.Td>
                        <Table.Td ta="right">
                          <Button
                            component={Link}
                            to={to}
                            size="xs"
                            variant="default"
                            aria-label={`View enquiry #${e.enq_id}`}
                          >
                            View
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
      <div ref={sentinel} aria-hidden />
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={loadMore} loading={list.isFetchingNextPage}>
            Show more enquiries
          </Button>
        </Group>
      )}
    </AccountLayout>
  );
}
