import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TEnquiryDetailsResponse } from '@portal/contracts/enquiries';
import { formatPhone } from '@portal/contracts/phone';
import { routePath } from '@portal/contracts/routes';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { FormSkeleton, LoadError } from '../../../components/page-states.tsx';
import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { usePageMeta } from '../../../lib/content.ts';
import { useEnquiryDetails } from '../api/enquiry-calls.ts';
import { EnquiryProduct, enquiryDate } from '../components/enquiry-product.tsx';

const NO_REPLIES = 'No replies yet: your sales representative will answer by e-mail.';

/** A long word (a pasted link, an address) wraps instead of widening the page. */
const WRAP = { overflowWrap: 'anywhere' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
      <Table.Td style={WRAP}>{children}</Table.Td>
    </Table.Tr>
  );
}

function EnquiryView({ data }: { data: TEnquiryDetailsResponse }) {
  const { enquiry, replies } = data;
  return (
    <>
      <Paper withBorder radius="lg" p="md">
        <EnquiryProduct product={enquiry.product} />
      </Paper>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Row label="Sent">{enquiryDate(enquiry.enq_date)}</Row>
          <Row label="Status">
            <Badge color="blue" variant="light" radius="sm" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
              {enquiry.status}
            </Badge>
          </Row>
          <Row label="Sales representative">{enquiry.sales_rep || 'Our sales team'}</Row>
          <Row label="Quantity">{enquiry.qty}</Row>
        </Table.Tbody>
      </Table>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Your message
          </Title>
          <Text size="sm" c="gray.7" style={WRAP}>
            {enquiry.fullname}, {enquiry.company} · {enquiry.email} · {formatPhone(enquiry.phone)}
          </Text>
          <Text style={{ ...WRAP, whiteSpace: 'pre-wrap' }}>{enquiry.message}</Text>
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Replies
        </Title>
        {replies.length === 0 ? (
          <Text c="gray.7">{NO_REPLIES}</Text>
        ) : (
          replies.map((r) => (
            <Paper withBorder radius="md" p="md" key={`${r.date}-${r.from}`}>
              <Text size="sm" c="gray.7">
                {r.from} · {enquiryDate(r.date)}
              </Text>
              <Text style={{ ...WRAP, whiteSpace: 'pre-wrap' }}>{r.message}</Text>
            </Paper>
          ))
        )}
      </Stack>
      <Anchor component={Link} to={routePath('sponsorOrders')}>
        Back to your enquiries
      </Anchor>
    </>
  );
}

/** sponsor/enquiry/{key}: one sent enquiry in full, where Track Enquiry leads (spec §2). */
export default function SponsorEnquiry() {
  const { key = '' } = useParams();
  const details = useEnquiryDetails(key);
  const data = details.data;
  const title = data ? `Enquiry #${data.enquiry.enq_id}` : 'Enquiry';
  usePageMeta({ title });

  return (
    <AccountLayout title={title} links={SPONSOR_SIDEBAR}>
      {details.isError ? (
        <LoadError message={details.error.message} onRetry={() => void details.refetch()} />
      ) : !data ? (
        <FormSkeleton rows={5} />
      ) : (
        <EnquiryView data={data} />
      )}
    </AccountLayout>
  );
}
