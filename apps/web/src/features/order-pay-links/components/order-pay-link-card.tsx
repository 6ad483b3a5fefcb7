import '../../../styles/mantine-forms.css';
import { Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@portal/contracts/money';
import type { TOrderPayLinkResponse } from '@portal/contracts/pay-links';
import { PayLinkCard } from '../../../components/pay-links/pay-link-card.tsx';
import { startOrderPayLinkPayment } from '../api/order-pay-link-calls.ts';
import { TEXT } from './texts.ts';

/** Figures never break inside a narrow column (a phone's). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const dollars = (value: string) =>
  value === 'TBA' || value === '' ? value : formatMoney(Math.round(Number(value) * 100));

/** The order's priced rows, as the server made them, and its total. */
function OrderRows({ link }: { link: TOrderPayLinkResponse }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {TEXT.pricesTitle}
      </Title>
      <Table.ScrollContainer minWidth={280}>
        <Table fz="sm" data-testid="order-pay-link-prices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="left">{TEXT.item}</Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {TEXT.qty}
              </Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {TEXT.amount}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {link.order.custom_price.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {row.qty || ''}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {dollars(String(row.amount))}
                </Table.Td>
              </Table.Tr>
            ))}
            {link.order.tax_amount_html && (
              <Table.Tr>
                <Table.Td>{TEXT.taxRow}</Table.Td>
                <Table.Td />
                <Table.Td ta="right" style={NOWRAP}>
                  {link.order.tax_amount_html}
                </Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row" ta="left">
                {TEXT.totalRow}
              </Table.Th>
              <Table.Td />
              <Table.Td ta="right" fw={700} style={NOWRAP}>
                {link.order.total_amount_html}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** What the link pays (the order's balance), Pay Now, and the order itself; once nothing is left, that it is paid. */
export function OrderPayLinkCard({ linkKey, link }: { linkKey: string; link: TOrderPayLinkResponse }) {
  const { order } = link;
  return (
    <PayLinkCard
      heading={
        <>
          {link.school_name && <Text fw={600}>{link.school_name}</Text>}
          <Text c="gray.7">
            {TEXT.orderOf(order.order_id, order.school_year)} · {order.product_name}
          </Text>
          {link.invoice && <Text c="gray.7">{TEXT.invoice(link.invoice)}</Text>}
        </>
      }
      paidInFull={link.paid_in_full}
      paidInFullText={TEXT.paidInFullText(order.order_id)}
      facts={[
        { label: TEXT.total, value: order.total_amount_html, testId: 'order-pay-link-total' },
        { label: TEXT.paid, value: link.paid_amount_html, testId: 'order-pay-link-paid' },
        ...(link.paid_in_full
          ? []
          : [{ label: TEXT.due, value: link.amount_html, testId: 'order-pay-link-due', strong: true }]),
      ]}
      expiresAt={link.expires_at}
      start={() => startOrderPayLinkPayment(linkKey)}
      link={{ kind: 'order', key: linkKey }}
    >
      <OrderRows link={link} />
    </PayLinkCard>
  );
}
