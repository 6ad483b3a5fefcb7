import { Paper, Table, Text, Title } from '@mantine/core';
import { formatDecimalDollars } from '@portal/contracts/money';
import { salesTaxNote } from '@portal/contracts/orders';
import type { TSchoolOrder } from '@portal/contracts/school-orders';
import { useSettings } from '../../lib/content.ts';
import classes from './order-view.module.css';

/** The order's priced rows, as the server made them (D10), with its total and a word on tax. */
export function OrderPricesCard({ order }: { order: TSchoolOrder }) {
  const taxed = order.tax_amount_html !== '';
  // Once staff have added the tax, it is charged whatever the form answered about exemption.
  const siteNote = useSettings()?.sales_tax_note;
  const taxNote = salesTaxNote(order.custom_fields.tax === 1 && !taxed, taxed, siteNote);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        Prices
      </Title>
      <div className={classes.pricesFrame}>
        <Table data-testid="order-prices" className={classes.prices}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Item</Table.Th>
              <Table.Th scope="col" ta="right">
                Quantity
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody className={classes.numbers}>
            {order.custom_price.map((row) => (
              <Table.Tr key={row.name} fw={row.name === 'Subtotal' ? 700 : undefined}>
                <Table.Td>
                  {row.name}
                  {/* The price of one under its name, as the form's summary has it: three columns fit the narrowest phone. */}
                  {row.name !== 'Subtotal' && /^\d/.test(row.unit_price) && row.amount !== '0.00' && (
                    <Text span size="xs" c="gray.7" display="block">
                      {formatDecimalDollars(row.unit_price)} each
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{row.name === 'Subtotal' ? '' : row.qty.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="right">{formatDecimalDollars(row.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {taxed && (
              <Table.Tr>
                <Table.Th scope="row" colSpan={2} fw={400}>
                  Sales tax
                </Table.Th>
                <Table.Td ta="right">{order.tax_amount_html}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                Total
              </Table.Th>
              <Table.Td ta="right" fw={700}>
                {order.total_amount_html}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </div>
      {taxNote && (
        <Text size="sm" c="gray.7" mt="xs">
          {taxNote}
        </Text>
      )}
    </Paper>
  );
}
