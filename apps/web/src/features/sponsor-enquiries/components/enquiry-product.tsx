import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import type { TEnquiryProduct } from '@portal/contracts/enquiries';
import { routePath } from '@portal/contracts/routes';
import { Link } from 'react-router';

/** What the enquiry is about: the product's picture, name and regular price. */
export function EnquiryProduct({ product }: { product: TEnquiryProduct }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      {product.image && (
        <Image src={product.image} alt="" w={96} h={96} fit="contain" radius="md" style={{ flex: 'none' }} />
      )}
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Anchor
          component={Link}
          to={routePath('product', { slug: product.slug })}
          fw={700}
          style={{ overflowWrap: 'anywhere' }}
        >
          {product.name}
        </Anchor>
        <Text size="sm" c="gray.7">
          Regular price{' '}
          <Text span fw={700} c="var(--mantine-color-text)" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {product.regular_price_html}
          </Text>
        </Text>
      </Stack>
    </Group>
  );
}

/** "Nov 24, 2026": the day an enquiry was sent, as a business in the US reads it. */
export const enquiryDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
