import { Anchor, Button, Group, Image, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { StaffRole } from '@portal/contracts/admin';
import type { TAdminCategoryRow } from '@portal/contracts/admin-catalogue';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { backOfficePath } from '../sections.ts';
import { useAdminCategories, useCreateCategory } from './api.ts';
import CategoryDetailScreen from './category-detail-screen.tsx';
import { CategoryForm, EMPTY_CATEGORY } from './category-form.tsx';

type SortColumn = 'sort_order' | 'category_name' | 'products';

function sorted(rows: TAdminCategoryRow[], sort: DataTableSortStatus<TAdminCategoryRow>) {
  const column = sort.columnAccessor as SortColumn;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return (order || a.id - b.id) * factor;
  });
}

/** Every category in its order, with its picture and product count; "New category" for administrators. */
function CategoriesList({ role }: { role: StaffRole }) {
  usePageMeta({ title: 'Categories' });
  const navigate = useNavigate();
  const categories = useAdminCategories();
  const create = useCreateCategory();
  const [creating, { open, close }] = useDisclosure(false);
  const [sort, setSort] = useState<DataTableSortStatus<TAdminCategoryRow>>({
    columnAccessor: 'sort_order',
    direction: 'asc',
  });
  const rows = useMemo(() => sorted(categories.data?.categories ?? [], sort), [categories.data, sort]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Categories
        </Title>
        {role === 'admin' && <Button onClick={open}>New category</Button>}
      </Group>
      {categories.isError ? (
        <LoadError message={categories.error.message} onRetry={() => void categories.refetch()} />
      ) : (
        <DataTable<TAdminCategoryRow>
          {...STAFF_TABLE}
          fetching={categories.isFetching}
          records={rows}
          sortStatus={sort}
          onSortStatusChange={setSort}
          noRecordsText="No categories yet."
          onRowClick={({ record }) => navigate(backOfficePath(`categories/${record.id}`))}
          columns={[
            { accessor: 'sort_order', title: 'Order', sortable: true, width: 80 },
            {
              accessor: 'category_image',
              title: 'Picture',
              render: (c) =>
                c.category_image ? (
                  <Image src={c.category_image} alt="" w={96} h={24} fit="cover" radius="sm" />
                ) : (
                  <Text size="sm" c="gray.7">
                    None
                  </Text>
                ),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'category_name',
              title: 'Name',
              sortable: true,
              render: (c) => (
                <Anchor component={Link} to={backOfficePath(`categories/${c.id}`)} onClick={(e) => e.stopPropagation()}>
                  {c.category_name}
                </Anchor>
              ),
            },
            {
              accessor: 'category_slug',
              title: 'Slug',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            { accessor: 'products', title: 'Products', sortable: true, textAlign: 'right' },
          ]}
        />
      )}
      <Modal
        opened={creating}
        onClose={close}
        title="New category"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <CategoryForm
          defaults={EMPTY_CATEGORY}
          isNew
          submitLabel="Create category"
          onCancel={close}
          onSubmit={async (values) => {
            const out = await create.mutateAsync(values);
            toastSuccess(out.message);
            close();
            navigate(backOfficePath(`categories/${out.id}`));
          }}
        />
      </Modal>
    </Stack>
  );
}

/** /admin/categories and /admin/categories/:id */
export default function CategoriesScreen({ role }: { role: StaffRole }) {
  return (
    <Routes>
      <Route index element={<CategoriesList role={role} />} />
      <Route path=":id" element={<CategoryDetailScreen role={role} />} />
    </Routes>
  );
}
