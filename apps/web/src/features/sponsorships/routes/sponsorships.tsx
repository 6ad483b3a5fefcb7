import { Button, Group, Text } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import {
  SPONSORSHIPS_BASE_YEAR,
  type TSponsorshipGroup,
  type TSponsorshipsResponse,
} from '@portal/contracts/sponsorships';
import { IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { AccountLayout } from '../../../components/account-layout.tsx';
import {
  RecordCard,
  type RecordColumn,
  RecordLink,
  RecordList,
  ViewButton,
} from '../../../components/record-list/record-list.tsx';
import { useYearFilter, YearFilter } from '../../../components/record-list/year-filter.tsx';
import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { SponsorshipStatusBadge } from '../../../components/sponsorship-status-badge.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { downloadCsv, openPrintable, useSponsorships } from '../api/sponsorship-calls.ts';
import { PayNowMenu } from '../components/pay-now-menu.tsx';
import { shortDate } from '../components/sponsorship-dates.ts';
import { TEXT } from '../components/texts.ts';
import classes from './sponsorships.module.css';

/** sponsor/sponsorships (spec §2, §3, §9): the sponsor's sponsorships by year, 12 at a time. */
export default function Sponsorships() {
  usePageMeta({ title: TEXT.listTitle });
  const [year, setYear] = useYearFilter(SPONSORSHIPS_BASE_YEAR);
  const list = useSponsorships(year);
  const first = list.data?.pages[0];

  return (
    <AccountLayout title={TEXT.listTitle} description={TEXT.listDescription} links={SPONSOR_SIDEBAR}>
      <RecordList
        list={list}
        rows={(page: TSponsorshipsResponse) => page.sponsorships}
        rowKey={(s) => s.sponsorship_grp_id}
        toolbar={
          <>
            <YearFilter
              year={year}
              years={first?.rangeyear ?? []}
              onChange={setYear}
              label={TEXT.yearLabel}
              allLabel={TEXT.allYears}
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
          </>
        }
        label={TEXT.sponsorshipsLabel}
        loadingLabel={TEXT.loadingList}
        empty={{ title: year ? TEXT.noneInYear(year) : TEXT.noneYet, hint: TEXT.noneHint }}
        card={(s) => <SponsorshipCard sponsorship={s} />}
        columns={COLUMNS}
        tableMinWidth={640}
        tableTestId="sponsorships-table"
        showMoreLabel={TEXT.showMore}
      />
    </AccountLayout>
  );
}

const detailsPath = (id: number) => routePath('sponsorship', { id });

function SponsorshipCard({ sponsorship: s }: { sponsorship: TSponsorshipGroup }) {
  return (
    <RecordCard
      to={detailsPath(s.sponsorship_grp_id)}
      title={TEXT.sponsorshipNo(s.sponsorship_grp_id)}
      status={<SponsorshipStatusBadge status={s.status} label={s.status_html} />}
    >
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="sm" c="gray.7">
          {shortDate(s.last_updated)} · {TEXT.colQty}: {s.total_qty.toLocaleString('en-US')}
        </Text>
        <Text fw={700} className={classes.figure}>
          {s.total_amount_html}
        </Text>
      </Group>
    </RecordCard>
  );
}

const COLUMNS: RecordColumn<TSponsorshipGroup>[] = [
  {
    header: TEXT.colId,
    cell: (s) => <RecordLink to={detailsPath(s.sponsorship_grp_id)} id={s.sponsorship_grp_id} />,
  },
  { header: TEXT.colQty, align: 'right', figure: true, cell: (s) => s.total_qty.toLocaleString('en-US') },
  { header: TEXT.colAmount, align: 'right', figure: true, cell: (s) => s.total_amount_html },
  { header: TEXT.colStatus, cell: (s) => <SponsorshipStatusBadge status={s.status} label={s.status_html} /> },
  { header: TEXT.colUpdated, cell: (s) => shortDate(s.last_updated) },
  {
    header: TEXT.colActions,
    hiddenHeader: true,
    align: 'right',
    cell: (s) => (
      <ViewButton
        to={detailsPath(s.sponsorship_grp_id)}
        label={TEXT.viewLabel(s.sponsorship_grp_id)}
        text={TEXT.view}
      />
    ),
  },
];
