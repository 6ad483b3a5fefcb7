import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StaffRole } from '@portal/contracts/admin';
import { OVERVIEW_MAX_BYTES, PRODUCT_TYPE_LABELS, type TAdminProductDetail } from '@portal/contracts/admin-catalogue';
import { MSG } from '@portal/contracts/messages';
import { formatMoney } from '@portal/contracts/money';
import { Link, useParams } from 'react-router';
import { Fact } from '../../../components/fact.tsx';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { ServerHtml } from '../../../components/server-html.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { when } from '../lib/format.ts';
import { RecordHistory } from '../lib/record-history.tsx';
import { backOfficePath } from '../sections.ts';
import { useAdminProduct, useProductOverview, useUpdateProduct } from './api.ts';
import { PDF_ACCEPT, UploadButton } from './picture-upload.tsx';
import { ProductForm } from './product-form.tsx';
import { ProductImages } from './product-images.tsx';

const yes = (flag: number) => (flag === 1 ? 'Yes' : 'No');

/** What a sales rep reads: the product's facts and its texts. */
function ProductFacts({ product }: { product: TAdminProductDetail }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" component="dl" m={0}>
        <Fact label="Category" value={product.category_name} />
        <Fact label="Slug" value={product.product_slug} />
        <Fact label="Type" value={PRODUCT_TYPE_LABELS[product.type]} />
        <Fact label="Price" value={formatMoney(product.price_cents)} />
        <Fact label="Brand" value={product.brand} />
        <Fact label="Only for signed-in visitors" value={yes(product.login_req)} />
        <Fact label="Overview PDF button" value={yes(product.include_overview_btn)} />
        <Fact label="Contact button" value={yes(product.include_contact_btn)} />
        <Fact label="SEO title" value={product.seo_title} />
      </SimpleGrid>
      {[
        ['Description', product.product_desc],
        ['Specification', product.product_spec],
      ].map(([label, html]) => (
        <div key={label}>
          <Text size="xs" c="gray.7">
            {label}
          </Text>
          {html ? <ServerHtml html={html} /> : <Text>—</Text>}
        </div>
      ))}
    </Stack>
  );
}

function OverviewPdf({ product, canEdit }: { product: TAdminProductDetail; canEdit: boolean }) {
  const overview = useProductOverview(product.id);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Overview PDF
      </Title>
      {product.overview_pdf ? (
        <Anchor href={product.overview_pdf} target="_blank">
          Open the overview PDF
        </Anchor>
      ) : (
        <Text c="gray.7">No overview PDF.</Text>
      )}
      {canEdit && (
        <Group gap="sm">
          <UploadButton
            label={product.overview_pdf ? 'Replace PDF' : 'Upload PDF'}
            accept={PDF_ACCEPT}
            maxBytes={OVERVIEW_MAX_BYTES}
            tooBig={MSG.overviewTooBig}
            hint="A PDF of at most 10 MB."
            send={async (file) => toastSuccess((await overview.mutateAsync(file)).message)}
          />
          {product.overview_pdf && (
            <Button
              variant="subtle"
              color="red"
              loading={overview.isPending}
              onClick={() => overview.mutate(null, { onSuccess: (out) => toastSuccess(out.message) })}
            >
              Remove PDF
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

function ProductDetail({ product, role }: { product: TAdminProductDetail; role: StaffRole }) {
  usePageMeta({ title: product.product_name });
  const update = useUpdateProduct(product.id);
  const isAdmin = role === 'admin';
  const { id: _id, category_name: _c, overview_pdf: _o, images, created_at, updated_at, version, ...fields } = product;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backOfficePath('products')} size="sm">
        ← Products
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {product.product_name}
        </Title>
        <Group gap="xs">
          <Badge variant="outline" color={product.status === 1 ? 'teal.9' : 'red.9'}>
            {product.status === 1 ? 'Listed' : 'Hidden'}
          </Badge>
          <Badge variant="outline" color="blue.9">
            {PRODUCT_TYPE_LABELS[product.type]}
          </Badge>
          <Text size="sm" c="gray.7">
            Added {when.format(new Date(created_at))} · changed {when.format(new Date(updated_at))}
          </Text>
        </Group>
        <Group gap="md">
          <Anchor href={`/product/${product.product_slug}`} target="_blank" size="sm">
            View on the site
          </Anchor>
          {isAdmin && product.type === 'order' && (
            <Anchor component={Link} to={backOfficePath(`cost-sheets/${product.id}`)} size="sm">
              Edit prices
            </Anchor>
          )}
        </Group>
      </Stack>
      <Paper withBorder p="md" radius="md">
        {isAdmin ? (
          <ProductForm
            key={version}
            defaults={fields}
            isNew={false}
            submitLabel="Save"
            onSubmit={async (values) => toastSuccess((await update.mutateAsync({ ...values, version })).message)}
          />
        ) : (
          <ProductFacts product={product} />
        )}
      </Paper>
      <ProductImages productId={product.id} images={images} canEdit={isAdmin} />
      <OverviewPdf product={product} canEdit={isAdmin} />
      <RecordHistory kind="products" id={product.id} />
    </Stack>
  );
}

/** /admin/products/:id */
export default function ProductDetailScreen({ role }: { role: StaffRole }) {
  const id = Number(useParams().id);
  const product = useAdminProduct(id);
  if (product.isError) return <LoadError message={product.error.message} onRetry={() => void product.refetch()} />;
  if (!product.data) return <LoadingBar active />;
  return <ProductDetail product={product.data.product} role={role} />;
}
