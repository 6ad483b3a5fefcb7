import '../../../styles/mantine-forms.css';
import { Box, Button, Collapse, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDecimalDollars } from '@portal/contracts/money';
import type { TWirePriceRow } from '@portal/contracts/orders';
import { IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './reservation.module.css';

export interface Pricing {
  custom_price: TWirePriceRow[];
  total_amount_html: string;
  has_tax: boolean;
}

/** The server's rows: what is ordered, how many, at what price; the Subtotal row last (D10). */
export function PriceRows({ pricing, taxNote }: { pricing: Pricing; taxNote: string | null }) {
  const rows = pricing.custom_price.filter((r) => r.name !== 'Subtotal');
  const subtotal = pricing.custom_price.find((r) => r.name === 'Subtotal');
  if (rows.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Enter how many planners you need and the prices appear here.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table fz="sm" verticalSpacing={6} horizontalSpacing={4} className={classes.priceTable}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Td>
                {row.name}
                {row.unit_price && row.unit_price !== 'TBA' && row.amount !== '0.00' && (
                  <Text span size="xs" c="gray.7" display="block">
                    {formatDecimalDollars(row.unit_price)} each
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{row.qty.toLocaleString('en-US')}</Table.Td>
              <Table.Td ta="right">{row.amount === '0.00' ? 'Free' : formatDecimalDollars(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {subtotal && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>Subtotal</Table.Th>
              <Table.Th ta="right">{formatDecimalDollars(subtotal.amount)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
      {taxNote && (
        <Text size="xs" c="gray.7">
          {taxNote}
        </Text>
      )}
    </Stack>
  );
}

interface PriceSummaryProps {
  pricing: Pricing;
  taxNote: string | null;
  status: string;
}

/**
 * The price summary: beside the form on wide screens, where it stays in view; on phones a
 * bar at the foot of the screen with the total, which opens to the rows.
 */
export function PriceSummary({ pricing, taxNote, status }: PriceSummaryProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Paper
        component="section"
        withBorder
        radius="lg"
        p="lg"
        className={classes.summary}
        visibleFrom="md"
        aria-labelledby="price-summary"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="price-summary">
            Price summary
          </Title>
          <PriceRows pricing={pricing} taxNote={taxNote} />
          <Group justify="space-between" className={classes.total}>
            <Text fw={700}>Total</Text>
            <Text fw={700} size="lg" data-testid="order-total">
              {pricing.total_amount_html}
            </Text>
          </Group>
          <Text size="xs" c="gray.7" aria-live="polite">
            {status}
          </Text>
        </Stack>
      </Paper>
      <Box className={classes.totalBar} hiddenFrom="md" component="section" aria-label="Price summary">
        <Collapse expanded={open}>
          <Box className={classes.totalBarRows} id="price-rows-phone">
            <PriceRows pricing={pricing} taxNote={taxNote} />
          </Box>
        </Collapse>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0}>
            <Text size="xs" c="gray.7">
              Total
            </Text>
            <Text fw={700} size="lg" data-testid="order-total-phone">
              {pricing.total_amount_html}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="sm"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="price-rows-phone"
            rightSection={
              <IconChevronUp
                size={16}
                aria-hidden
                style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
              />
            }
          >
            {open ? 'Hide details' : 'Price details'}
          </Button>
        </Group>
      </Box>
    </>
  );
}
