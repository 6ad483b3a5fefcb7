import { Anchor, Badge, Button, Group, Image, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { StaffRole } from '@portal/contracts/admin';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  PRODUCT_SORTS,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  PRODUCT_VISIBILITY,
  type TAdminProductRow,
} from '@portal/contracts/admin-catalogue';
import { formatMoney } from '@portal/contracts/money';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { Link, Navigate, Route, Routes, useNavigate } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { day } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { backOfficePath } from '../sections.ts';
import { useAdminCategories, useAdminProducts } from './api.ts';
import ProductDetailScreen from './product-detail-screen.tsx';
import ProductNewScreen from './product-new-screen.tsx';

type Sort = (typeof PRODUCT_SORTS)[number];
const COLUMN_OF: Record<string, 'product_name' | 'created_at' | 'updated_at'> = {
  name: 'product_name',
  created: 'created_at',
  updated: 'updated_at',
};

function sortStatusOf(sort: Sort): DataTableSortStatus<TAdminProductRow> {
  const [column, direction] = sort.split('_') as [string, 'asc' | 'desc'];
  return { columnAccessor: COLUMN_OF[column] ?? 'updated_at', direction };
}

function sortOf(status: DataTableSortStatus<TAdminProductRow>): string {
  const column = Object.entries(COLUMN_OF).find(([, accessor]) => accessor === status.columnAccessor)?.[0];
  const sort = `${column}_${status.direction}`;
  return (PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : '';
}

const pick = <T extends string>(value: string, allowed: readonly T[]) =>
  (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** The products list: search, filters by category, type and whether listed, sort and paging. */
function ProductsList({ role }: { role: StaffRole }) {
  usePageMeta({ title: 'Products' });
  const list = useListParams();
  const navigate = useNavigate();
  const categories = useAdminCategories();
  const sort = pick(list.get('sort'), PRODUCT_SORTS) ?? 'updated_desc';
  const category = list.get('category');
  const type = pick(list.get('type'), PRODUCT_TYPES);
  const visibility = pick(list.get('visibility'), PRODUCT_VISIBILITY);
  const products = useAdminProducts({
    q: list.q || undefined,
    category_id: Number(category) || undefined,
    type,
    visibility,
    sort,
    page: list.page,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Products
        </Title>
        {role === 'admin' && (
          <Button component={Link} to={backOfficePath('products/new')}>
            New product
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, slug or brand"
          value={list.words}
          onChange={(event) => list.setWords(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Category"
          placeholder="All"
          data={(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.category_name }))}
          value={category || null}
          onChange={(value) => list.update({ category: value ?? '', page: '' })}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label="Type"
          placeholder="All"
          data={PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }))}
          value={type ?? null}
          onChange={(value) => list.update({ type: value ?? '', page: '' })}
          clearable
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label="On the site"
          placeholder="All"
          data={[
            { value: 'listed', label: 'Listed' },
            { value: 'hidden', label: 'Hidden' },
          ]}
          value={visibility ?? null}
          onChange={(value) => list.update({ visibility: value ?? '', page: '' })}
          clearable
          w={{ base: '100%', xs: 140 }}
        />
      </Group>
      {products.isError ? (
        <LoadError message={products.error.message} onRetry={() => void products.refetch()} />
      ) : (
        <DataTable<TAdminProductRow>
          {...STAFF_TABLE}
          fetching={products.isFetching}
          records={products.data?.products ?? []}
          totalRecords={products.data?.total ?? 0}
          recordsPerPage={ADMIN_PRODUCTS_PAGE_SIZE}
          page={list.page}
          onPageChange={list.setPage}
          sortStatus={sortStatusOf(sort)}
          onSortStatusChange={(s) => list.update({ sort: sortOf(s), page: '' })}
          noRecordsText="No products match."
          onRowClick={({ record }) => navigate(backOfficePath(`products/${record.id}`))}
          columns={[
            {
              accessor: 'image',
              title: 'Picture',
              width: 84,
              render: (p) =>
                p.image ? (
                  <Image src={p.image} alt="" w={48} h={48} fit="cover" radius="sm" loading="lazy" />
                ) : (
                  <Text size="xs" c="gray.7">
                    None
                  </Text>
                ),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'product_name',
              title: 'Name',
              sortable: true,
              render: (p) => (
                <Stack gap={2}>
                  <Anchor
                    component={Link}
                    to={backOfficePath(`products/${p.id}`)}
                    onClick={(e) => e.stopPropagation()}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {p.product_name}
                  </Anchor>
                  <Group gap={4}>
                    {p.status === 0 && (
                      <Badge color="red.9" variant="outline" size="xs">
                        Hidden
                      </Badge>
                    )}
                    {p.login_req === 1 && (
                      <Badge color="grape.9" variant="outline" size="xs">
                        Sign-in
                      </Badge>
                    )}
                  </Group>
                </Stack>
              ),
            },
            { accessor: 'category_name', title: 'Category' },
            {
              accessor: 'type',
              title: 'Type',
              render: (p) => PRODUCT_TYPE_LABELS[p.type],
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'price_cents',
              title: 'Price',
              textAlign: 'right',
              noWrap: true,
              render: (p) => formatMoney(p.price_cents),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'updated_at',
              title: 'Changed',
              sortable: true,
              noWrap: true,
              render: (p) => day.format(new Date(p.updated_at)),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            },
            {
              accessor: 'created_at',
              title: 'Added',
              sortable: true,
              noWrap: true,
              render: (p) => day.format(new Date(p.created_at)),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** /admin/products, /admin/products/new and /admin/products/:id */
export default function ProductsScreen({ role }: { role: StaffRole }) {
  return (
    <Routes>
      <Route index element={<ProductsList role={role} />} />
      <Route
        path="new"
        element={role === 'admin' ? <ProductNewScreen /> : <Navigate to={backOfficePath('products')} replace />}
      />
      <Route path=":id" element={<ProductDetailScreen role={role} />} />
    </Routes>
  );
}
