import '@mantine/core/styles/Menu.css';
import { Button, Menu } from '@mantine/core';
import { routePath } from '@portal/contracts/routes';
import type { TSponsorshipsResponse } from '@portal/contracts/sponsorships';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PartialPaymentModal } from './partial-payment-modal.tsx';
import { TEXT } from './texts.ts';

/** Pay Now (spec §2): all that is unpaid on the bulk page, or part of the newest unpaid one. */
export function PayNowMenu({ list }: { list: TSponsorshipsResponse }) {
  const [partialOpen, setPartialOpen] = useState(false);
  const latest = list.latest_sponsorship_id;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button color="teal.9" rightSection={<IconChevronDown size={16} aria-hidden />}>
            {TEXT.payNow}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={routePath('sponsorCheckout')}>
            {TEXT.payInFull}
          </Menu.Item>
          {latest !== null && list.latest_left_amount > 0 && (
            <Menu.Item onClick={() => setPartialOpen(true)}>{TEXT.payPartial}</Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {latest !== null && (
        <PartialPaymentModal
          opened={partialOpen}
          onClose={() => setPartialOpen(false)}
          sponsorshipId={latest}
          leftCents={list.latest_left_amount}
          leftHtml={list.latest_left_amount_html}
        />
      )}
    </>
  );
}
