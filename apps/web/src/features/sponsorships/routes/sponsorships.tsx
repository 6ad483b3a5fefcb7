import '../../../styles/mantine-forms.css';
import { Anchor, Button, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import { SPONSORSHIPS_BASE_YEAR, type TSponsorshipGroup } from '@portal/contracts/sponsorships';
import { IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { downloadCsv, openPrintable, useSponsorships } from '../api/sponsorship-calls.ts';
import { PayNowMenu } from '../components/pay-now-menu.tsx';
import { SponsorshipStatusBadge, shortDate } from '../components/sponsorship-status-badge.tsx';
import { TEXT } from '../components/texts.ts';
import classes from './sponsorships.module.css';

/** The year asked for in the address (?year=2025), if it is one the filter could offer. */
function useYearFilter(): [number | undefined, (year: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= SPONSORSHIPS_BASE_YEAR ? asked : undefined;
  const setYear = (next: number | undefined) =>
    setParams((p) => {
      if (next === undefined) p.delete('year');
      else p.set('year', String(next));
      return p;
    });
  return [year, setYear];
}

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

/** sponsor/sponsorships (spec §2, §3, §9): the sponsor's sponsorships by year, 12 at a time. */
export default function Sponsorships() {
  usePageMeta({ title: TEXT.listTitle });
  const [year, setYear] = useYearFilter();
  const list = useSponsorships(year);
  const first = list.data?.pages[0];
  const sponsorships = list.data?.pages.flatMap((p) => p.sponsorships) ?? [];
  const years = first?.rangeyear ?? [];
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const sentinel = useLoadMoreWhenSeen(loadMore, list.hasNextPage);
  const yearOptions = year !== undefined && !years.includes(year) ? [year, ...years] : years;

  return (
    <AccountLayout title={TEXT.listTitle} description={TEXT.listDescription} links={SPONSOR_SIDEBAR}>
      <Group justify="space-between" align="end" wrap="wrap" gap="sm">
        <NativeSelect
          label={TEXT.yearLabel}
          value={year === undefined ? 'all' : String(year)}
          onChange={(e) => setYear(e.currentTarget.value === 'all' ? undefined : Number(e.currentTarget.value))}
          data={[
            { value: 'all', label: TEXT.allYears },
            ...yearOptions.map((y) => ({ value: String(y), label: String(y) })),
          ]}
          w={160}
        />
        {first && (
          <Group gap="sm">
            {first.unpaid_sponsorships > 0 && <PayNowMenu list={first} />}
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={18} aria-hidden />}
              onClick={() => void downloadCsv(first.csv_download_link)}
              aria-label={`${TEXT.download} ${TEXT.downloadCsv}`}
            >
              {TEXT.downloadCsv}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => void openPrintable(first.print_download_link).catch(() => undefined)}
            >
              {TEXT.print}
            </Button>
          </Group>
        )}
      </Group>
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={TEXT.loadingList}>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : sponsorships.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>{year ? TEXT.noneInYear(year) : TEXT.noneYet}</Text>
            <Text c="gray.7">{TEXT.noneHint}</Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <Stack gap="sm" component="ul" className={classes.cards} aria-label={TEXT.sponsorshipsLabel}>
            {sponsorships.map((s) => (
              <SponsorshipCard key={s.sponsorship_grp_id} sponsorship={s} />
            ))}
          </Stack>
          <Paper withBorder radius="lg" className={classes.table}>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="sponsorships-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{TEXT.colId}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {TEXT.colQty}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {TEXT.colAmount}
                    </Table.Th>
                    <Table.Th scope="col">{TEXT.colStatus}</Table.Th>
                    <Table.Th scope="col">{TEXT.colUpdated}</Table.Th>
                    <Table.Th scope="col">
                      <span className="visually-hidden">{TEXT.colActions}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sponsorships.map((s) => (
                    <SponsorshipRow key={s.sponsorship_grp_id} sponsorship={s} />
                  ))}
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
            {TEXT.showMore}
          </Button>
        </Group>
      )}
    </AccountLayout>
  );
}

const detailsPath = (id: number) => routePath('sponsorship', { id });

function SponsorshipCard({ sponsorship: s }: { sponsorship: TSponsorshipGroup }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={detailsPath(s.sponsorship_grp_id)} fw={700}>
          {TEXT.sponsorshipNo(s.sponsorship_grp_id)}
        </Anchor>
        <SponsorshipStatusBadge status={s.status} label={s.status_html} />
      </Group>
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="sm" c="gray.7">
          {shortDate(s.last_updated)} · {TEXT.colQty}: {s.total_qty.toLocaleString('en-US')}
        </Text>
        <Text fw={700} className={classes.figure}>
          {s.total_amount_html}
        </Text>
      </Group>
    </Paper>
  );
}

function SponsorshipRow({ sponsorship: s }: { sponsorship: TSponsorshipGroup }) {
  const to = detailsPath(s.sponsorship_grp_id);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={to} fw={700}>
          #{s.sponsorship_grp_id}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right" className={classes.figure}>
        {s.total_qty.toLocaleString('en-US')}
      </Table.Td>
      <Table.Td ta="right" className={classes.figure}>
        {s.total_amount_html}
      </Table.Td>
      <Table.Td>
        <SponsorshipStatusBadge status={s.status} label={s.status_html} />
      </Table.Td>
      <Table.Td>{shortDate(s.last_updated)}</Table.Td>
      <Table.Td ta="right">
        <Button component={Link} to={to} size="xs" variant="default" aria-label={TEXT.viewLabel(s.sponsorship_grp_id)}>
          {TEXT.view}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
