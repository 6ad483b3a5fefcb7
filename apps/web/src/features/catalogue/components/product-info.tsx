import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TProductDetails, TProductInfoResponse } from '@portal/contracts/catalogue';
import { ROUTES } from '@portal/contracts/routes';
import { IconChevronDown, IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ServerHtml } from '../../../components/server-html.tsx';
import classes from './product-page.module.css';

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

/** One of the product's sections: open at first, closed and opened again by its title. */
function ProductSection({ title, html }: { title: string; html: string }) {
  return (
    <details open className={classes.section}>
      <summary className={classes.sectionTitle}>
        {title}
        <IconChevronDown size={18} className={classes.sectionChevron} aria-hidden />
      </summary>
      <div className={classes.sectionBody}>
        <ServerHtml html={html} />
      </div>
    </details>
  );
}

/**
 * Product Details, and Product Specification when there is one (spec §2). They are the
 * browser's own disclosure widgets: they open and close before the page's scripts have
 * run, and cost nothing to hydrate.
 */
export function ProductSections({ product }: { product: TProductDetails }) {
  return (
    <div className={classes.sections}>
      <ProductSection title="Product Details" html={product.product_desc} />
      {hasText(product.product_spec) && <ProductSection title="Product Specification" html={product.product_spec} />}
    </div>
  );
}
