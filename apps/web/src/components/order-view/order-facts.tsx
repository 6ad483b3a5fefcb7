import { ActionIcon, Group, Paper, SimpleGrid, Tooltip } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, type TSchoolOrder } from '@portal/contracts/school-orders';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Fact } from '../fact.tsx';
import { OrderStatusBadge, orderDate } from './order-status-badge.tsx';
import classes from './order-view.module.css';

/** The order's facts at a glance: what it is for, its state, amount and choices. */
export function OrderFacts({ order }: { order: TSchoolOrder }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      {/* Two facts to a row on a phone, so that the order's buttons are not a screen away; four on wide screens. */}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="sm" component="dl" className={classes.facts}>
        <Fact label="Order ID" value={`#${order.order_id}`} />
        <Fact label="Date" value={orderDate(order.order_date)} />
        <Fact
          label="Status"
          value={
            <Group gap={6}>
              <OrderStatusBadge status={order.order_status} label={order.order_status_html} />
              {order.free_tnc_req === 1 && <TermsTooltip accepted={order.free_tnc_accepted === 1} />}
            </Group>
          }
        />
        <Fact label="Total" value={order.total_amount_html} />
        <Fact label="Product" value={order.product.name} />
        <Fact label="School year" value={order.school_year || '—'} />
        <Fact label="Delivery" value={order.delivery_optn || '—'} />
        <Fact label="Payment method" value={order.payment_method || '—'} />
        <Fact label="Payment status" value={PAYMENT_STATUS_LABELS[order.payment_status]} />
      </SimpleGrid>
    </Paper>
  );
}

function TermsTooltip({ accepted }: { accepted: boolean }) {
  const label = accepted ? 'Free Products T&C Accepted' : 'Free Products T&C Acceptance Pending';
  const Icon = accepted ? IconCircleCheck : IconAlertTriangle;
  return (
    <Tooltip label={label} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} className={classes.tooltipIcon}>
        <Icon
          size={18}
          color={accepted ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-orange-8)'}
          aria-hidden
        />
      </ActionIcon>
    </Tooltip>
  );
}
