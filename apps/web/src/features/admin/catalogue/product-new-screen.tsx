import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { backOfficePath } from '../sections.ts';
import { useCreateProduct } from './api.ts';
import { EMPTY_PRODUCT, ProductForm } from './product-form.tsx';

/** /admin/products/new: the product's fields first; pictures and the overview PDF once it exists. */
export default function ProductNewScreen() {
  usePageMeta({ title: 'New product' });
  const create = useCreateProduct();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backOfficePath('products')} size="sm">
        ← Products
      </Anchor>
      <Title order={1} size="h2">
        New product
      </Title>
      <Text c="gray.7">Pictures and the overview PDF are added on the product's page once it is created.</Text>
      <Paper withBorder p="md" radius="md">
        <ProductForm
          defaults={EMPTY_PRODUCT}
          isNew
          submitLabel="Create product"
          onCancel={() => navigate(backOfficePath('products'))}
          onSubmit={async (values) => {
            const out = await create.mutateAsync(values);
            toastSuccess(out.message);
            navigate(backOfficePath(`products/${out.id}`));
          }}
        />
      </Paper>
    </Stack>
  );
}
