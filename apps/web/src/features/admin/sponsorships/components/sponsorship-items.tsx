import { Button, Group, Stack, Text } from '@mantine/core';
import type { TAdminSponsorshipDetailResponse } from '@portal/contracts/admin-sponsorships';
import { centsToDecimal, formatMoney } from '@portal/contracts/money';
import { useState } from 'react';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { DetailSection } from '../../lib/detail-section.tsx';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { useSaveSponsorshipItems } from '../api.ts';
import { SponsorshipForm } from '../sponsorship-form.tsx';
import { TEXT } from '../texts.ts';

type Detail = TAdminSponsorshipDetailResponse;

/** The form's values for the items as they stand. */
const itemsForm = (detail: Detail) => ({
  sponsor_id: detail.sponsorship.sponsor_user_id,
  year: String(detail.sponsorship.year),
  items: detail.items.map((i) => ({
    sponsorship_type: i.sponsorship_type,
    county: i.county,
    book_name: i.book_name,
    school_name: i.school_name,
    adv_size: i.adv_size,
    qty: String(i.qty),
    rate: centsToDecimal(i.rate_cents),
    artwork: i.artwork,
    comments: i.comments,
    artwork_price: i.artwork_price_cents ? centsToDecimal(i.artwork_price_cents) : '',
  })),
});

/**
 * What is sponsored, item by item, and its editing while the sponsorship allows it. A save is
 * of the version that was opened: one made after another tab's save is refused as stale.
 */
export function SponsorshipItems({ detail }: { detail: Detail }) {
  const s = detail.sponsorship;
  const saveItems = useSaveSponsorshipItems(s.sponsorship_id);
  /** The sponsorship's version when its items were opened for editing: a save of an older one is refused. */
  const [editing, setEditing] = useState<string | false>(false);
  return (
    <DetailSection title={TEXT.itemsTitle}>
      {editing ? (
        <SponsorshipForm
          lockSponsor
          defaults={itemsForm(detail)}
          submitLabel={TEXT.saveItems}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            const saved = await saveItems.mutateAsync({ items: values.items, version: editing || undefined });
            toastSuccess(saved.message);
            setEditing(false);
          }}
        />
      ) : (
        <Stack gap="sm">
          <ScrollTable
            label={TEXT.itemsTitle}
            minWidth={1100}
            head={['Type', 'County', 'Book', 'School', 'Ad size', 'Qty', 'Rate', 'Artwork', 'Artwork price', 'Total']}
            rows={detail.items.map((i) => [
              <>
                {i.sponsorship_type}
                {i.comments && (
                  <Text size="xs" c="dimmed">
                    {i.comments}
                  </Text>
                )}
              </>,
              i.county,
              i.book_name,
              i.school_name,
              i.adv_size,
              i.qty,
              formatMoney(i.rate_cents),
              i.artwork,
              formatMoney(i.artwork_price_cents),
              formatMoney(i.total_cents),
            ])}
          />
          <Group justify="space-between" wrap="wrap">
            {s.can_edit ? (
              <Button variant="default" onClick={() => setEditing(s.updated_at)}>
                {TEXT.editItems}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {TEXT.editLocked}
              </Text>
            )}
          </Group>
        </Stack>
      )}
    </DetailSection>
  );
}
