import { Anchor, Text } from '@mantine/core';
import type { TEnquiriesResponse, TEnquirySummary } from '@portal/contracts/enquiries';
import { routePath } from '@portal/contracts/routes';
import { Link } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import {
  RecordCard,
  type RecordColumn,
  RecordLink,
  RecordList,
  ViewButton,
} from '../../../components/record-list/record-list.tsx';
import { StatusBadge } from '../../../components/record-list/status-badge.tsx';
import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useEnquiries } from '../api/enquiry-calls.ts';
import { enquiryDate } from '../components/enquiry-product.tsx';

const enquiryPath = (e: TEnquirySummary) => routePath('sponsorEnquiry', { key: e.enq_key });
const EnquiryStatus = ({ enquiry }: { enquiry: TEnquirySummary }) => (
  <StatusBadge color="blue">{enquiry.status}</StatusBadge>
);

const COLUMNS: RecordColumn<TEnquirySummary>[] = [
  { header: 'Enquiry ID', cell: (e) => <RecordLink to={enquiryPath(e)} id={e.enq_id} /> },
  { header: 'Date', cell: (e) => enquiryDate(e.enq_date) },
  { header: 'Product', wraps: true, cell: (e) => e.product.name },
  { header: 'Status', cell: (e) => <EnquiryStatus enquiry={e} /> },
  {
    header: 'Actions',
    hiddenHeader: true,
    align: 'right',
    cell: (e) => <ViewButton to={enquiryPath(e)} label={`View enquiry #${e.enq_id}`} />,
  },
];

function EnquiryCard({ enquiry: e }: { enquiry: TEnquirySummary }) {
  return (
    <RecordCard to={enquiryPath(e)} title={`Enquiry #${e.enq_id}`} status={<EnquiryStatus enquiry={e} />}>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {e.product.name}
      </Text>
      <Text size="sm" c="gray.7" mt={4}>
        {enquiryDate(e.enq_date)}
      </Text>
    </RecordCard>
  );
}

/**
 * sponsor/orders (spec §2): the sponsor's sent enquiries, newest first, 12 at a time. The
 * spec's order columns belong to schools; a sponsor's list is of enquiries.
 */
export default function SponsorEnquiries() {
  usePageMeta({ title: 'Enquiries' });
  const list = useEnquiries();

  return (
    <AccountLayout
      title="Enquiries"
      description="What you have asked your sales representative, newest first."
      links={SPONSOR_SIDEBAR}
    >
      <RecordList
        list={list}
        rows={(page: TEnquiriesResponse) => page.enquiries}
        rowKey={(e) => e.enq_key}
        label="Enquiries"
        loadingLabel="Loading enquiries"
        empty={{
          title: 'You have not sent any enquiries yet.',
          hint: 'To send one, choose a sponsorship from the catalogue and press Enquire Now: the form opens with it.',
          action: (
            <Anchor component={Link} to={routePath('products')}>
              Browse the products
            </Anchor>
          ),
        }}
        card={(e) => <EnquiryCard enquiry={e} />}
        columns={COLUMNS}
        tableMinWidth={560}
        tableTestId="enquiries-table"
        showMoreLabel="Show more enquiries"
      />
    </AccountLayout>
  );
}
