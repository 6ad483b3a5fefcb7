import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TAdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { useState } from 'react';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { OFFLINE_TEXT, OfflinePaymentForm } from '../../lib/offline-payment-form.tsx';
import { useApproveSponsorship, useRecordOfflinePayment } from '../api.ts';
import { TEXT } from '../texts.ts';
import { PayLinkForm } from './pay-link-form.tsx';

type Dialog = 'approve' | 'offline' | 'link' | undefined;

/**
 * What staff may do with the sponsorship as it stands: approve it, record a check or
 * transfer, send a pay link; each in its dialog.
 */
export function SponsorshipActions({
  detail,
  onLinkSent,
}: {
  detail: TAdminSponsorshipDetailResponse;
  onLinkSent: (sent: { url: string; to: string }) => void;
}) {
  const s = detail.sponsorship;
  const [dialog, setDialog] = useState<Dialog>();
  const approve = useApproveSponsorship(s.sponsorship_id);
  const recordOffline = useRecordOfflinePayment(s.sponsorship_id);
  const payable = s.left_cents > 0 && s.status !== 'Completed';
  const close = () => setDialog(undefined);
  const dialogOf = (which: Dialog, title: string) => ({
    opened: dialog === which,
    onClose: close,
    title,
    centered: true,
    closeButtonProps: { 'aria-label': 'Close' },
  });
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {s.can_approve && <Button onClick={() => setDialog('approve')}>{TEXT.approve}</Button>}
        {payable && (
          <Button variant="default" onClick={() => setDialog('offline')}>
            {TEXT.recordPayment}
          </Button>
        )}
        {payable && (
          <Button variant="default" onClick={() => setDialog('link')}>
            {TEXT.sendLink}
          </Button>
        )}
      </Group>
      <Modal {...dialogOf('approve', TEXT.approve)}>
        <Stack>
          <Text>{TEXT.approveConfirm(s.sponsorship_id)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {TEXT.cancel}
            </Button>
            <Button
              loading={approve.isPending}
              onClick={async () => {
                const saved = await approve.mutateAsync(undefined);
                toastSuccess(saved.message);
                close();
              }}
            >
              {TEXT.approve}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal {...dialogOf('offline', OFFLINE_TEXT.recordTitle)}>
        {dialog === 'offline' && (
          <OfflinePaymentForm
            leftCents={s.left_cents}
            inFlightCents={s.in_flight_cents}
            record={(body) => recordOffline.mutateAsync(body)}
            onDone={close}
          />
        )}
      </Modal>
      <Modal {...dialogOf('link', TEXT.sendTitle)}>
        {dialog === 'link' && (
          <PayLinkForm
            detail={detail}
            onDone={(link) => {
              onLinkSent(link);
              close();
            }}
          />
        )}
      </Modal>
    </>
  );
}
