import { Accordion, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TProductDetails, TProductInfoResponse } from '@portal/contracts/catalogue';
import { ROUTES } from '@portal/contracts/routes';
import { IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ServerHtml } from '../../../components/server-html.tsx';

/** Whether staff wrote anything, not just an empty paragraph. */
const hasText = (html: string) => html.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '';

/** The overview PDF and Contact Us for a Quote, each when the product asks for it (spec §2, §3). */
export function ProductLinks({ product }: { product: TProductDetails }) {
  const overview = product.include_overview_btn === '1' && product.overview_pdf !== '';
  const contact = product.include_contact_btn === '1';
  if (!overview && !contact) return null;
  return (
    <Group gap="sm">
      {overview && (
        <Button
          component="a"
          href={product.overview_pdf}
          target="_blank"
          rel="noopener"
          variant="light"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
        >
          {product.overview_btn_label || 'Product Overview'}
          <span className="visually-hidden"> (PDF, opens in a new tab)</span>
        </Button>
      )}
      {contact && (
        <Button
          component={Link}
          to={ROUTES.contact.path}
          variant="default"
          leftSection={<IconMail size={18} aria-hidden />}
        >
          Contact Us for a Quote
        </Button>
      )}
    </Group>
  );
}

export function ProductOffers({ offers }: { offers: TProductInfoResponse['offers'] }) {
  if (!offers.length) return null;
  return (
    <Stack gap={6}>
      <Title order={2} size="h5">
        Offers
      </Title>
      <List spacing={4} size="sm">
        {offers.map((o) => (
          <List.Item key={o.title}>
            <Text component="span" fw={700} size="sm">
              {o.title}
            </Text>
            {o.description && ` — ${o.description}`}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Product Details, and Product Specification when there is one (spec §2). */
export function ProductSections({ product }: { product: TProductDetails }) {
  const withSpec = hasText(product.product_spec);
  return (
    <Accordion multiple defaultValue={['details', 'spec']} variant="separated" radius="md" chevronPosition="right">
      <Accordion.Item value="details">
        <Accordion.Control>
          <Text fw={700}>Product Details</Text>
        </Accordion.Control>
        <Accordion.Panel>
          <ServerHtml html={product.product_desc} />
        </Accordion.Panel>
      </Accordion.Item>
      {withSpec && (
        <Accordion.Item value="spec">
          <Accordion.Control>
            <Text fw={700}>Product Specification</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <ServerHtml html={product.product_spec} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
    </Accordion>
  );
}
