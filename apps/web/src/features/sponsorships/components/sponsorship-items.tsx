import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TSponsorshipDetailsResponse } from '@portal/contracts/sponsorships';
import { Fact } from '../../../components/fact.tsx';
import classes from './sponsorship.module.css';
import { TEXT } from './texts.ts';

type Item = TSponsorshipDetailsResponse['sponsorship_items'][number];

/** One card per item: where the ad goes, its size and what it costs. */
export function SponsorshipItems({ items }: { items: Item[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {TEXT.itemsHeading}
      </Title>
      {items.length === 0 ? (
        <Text c="gray.7">{TEXT.noItems}</Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.cards} aria-label={TEXT.itemsHeading}>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items carry no id of their own
            <ItemCard key={i} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ItemCard({ item }: { item: Item }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <SimpleGrid
        cols={{ base: 2, sm: 3, md: 4 }}
        spacing="sm"
        verticalSpacing="sm"
        component="dl"
        className={classes.facts}
      >
        <Fact label={TEXT.itemType} value={item.sponsorship_type || '—'} />
        <Fact label={TEXT.itemCounty} value={item.county || '—'} />
        {item.book_name && <Fact label={TEXT.itemBook} value={item.book_name} />}
        {item.school_name && <Fact label={TEXT.itemSchool} value={item.school_name} />}
        <Fact label={TEXT.itemSize} value={item.adv_size || '—'} />
        <Fact label={TEXT.itemQty} value={item.qty.toLocaleString('en-US')} />
        <Fact label={TEXT.itemRate} value={item.rate_html} />
        <Fact label={TEXT.itemArtwork} value={item.artwork || '—'} />
        <Fact label={TEXT.itemSubtotal} value={item.subtotal_html} />
        <Fact label={TEXT.itemArtworkPrice} value={item.artwork_price_html} />
        <Fact label={TEXT.itemTotal} value={item.total_amount_html} />
      </SimpleGrid>
      {item.comments && (
        <dl className={`${classes.facts} ${classes.comments}`}>
          <Fact label={TEXT.itemComments} value={item.comments} />
        </dl>
      )}
    </Paper>
  );
}
