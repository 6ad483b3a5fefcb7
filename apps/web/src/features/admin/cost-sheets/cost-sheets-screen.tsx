import { Anchor, Badge, Stack, Text, TextInput, Title } from '@mantine/core';
import type { StaffRole } from '@portal/contracts/admin';
import { COST_SHEETS_PAGE_SIZE, type TCostSheetRow } from '@portal/contracts/admin-cost-sheets';
import { formatMoney } from '@portal/contracts/money';
import { DataTable } from 'mantine-datatable';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { day } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';
import { backOfficePath } from '../sections.ts';
import { useCostSheets } from './api.ts';
import CostSheetScreen from './cost-sheet-screen.tsx';
import { COST_SHEETS_ABOUT } from './texts.ts';

const sheetPath = (productId: number) => backOfficePath(`cost-sheets/${productId}`);
const priceOrNone = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));

/** Orderable products and their main prices, searched by product or category, a page at a time. */
function CostSheetsList() {
  usePageMeta({ title: 'Cost sheets' });
  const list = useListParams();
  const navigate = useNavigate();
  const sheets = useCostSheets({ q: list.q || undefined, page: list.page });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Cost sheets
        </Title>
        <Text size="sm" c="gray.7" maw={760}>
          {COST_SHEETS_ABOUT}
        </Text>
      </div>
      <TextInput
        label="Search"
        placeholder="Product or category"
        value={list.words}
        onChange={(event) => list.setWords(event.currentTarget.value)}
        maxLength={200}
        maw={480}
      />
      {sheets.isError ? (
        <LoadError message={sheets.error.message} onRetry={() => void sheets.refetch()} />
      ) : (
        <DataTable<TCostSheetRow>
          {...STAFF_TABLE}
          fetching={sheets.isFetching}
          records={sheets.data?.sheets ?? []}
          idAccessor="product_id"
          totalRecords={sheets.data?.total ?? 0}
          recordsPerPage={COST_SHEETS_PAGE_SIZE}
          page={list.page}
          onPageChange={list.setPage}
          noRecordsText="No orderable products match."
          onRowClick={({ record }) => navigate(sheetPath(record.product_id))}
          columns={[
            {
              accessor: 'product_name',
              title: 'Product',
              render: (s) => (
                <Stack gap={2}>
                  <Anchor
                    component={Link}
                    to={sheetPath(s.product_id)}
                    onClick={(e) => e.stopPropagation()}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {s.product_name}
                  </Anchor>
                  {s.product_status === 0 && (
                    <Badge color="gray.8" variant="outline" size="xs">
                      Hidden
                    </Badge>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'category',
              title: 'Category',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'planner_price_cents',
              title: 'Planner',
              textAlign: 'right',
              render: (s) =>
                s.planner_price_cents === null ? (
                  <Text span size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                    No sheet yet
                  </Text>
                ) : (
                  priceOrNone(s.planner_price_cents)
                ),
            },
            {
              accessor: 'delivery_price_cents',
              title: 'Delivery (per planner)',
              textAlign: 'right',
              render: (s) => priceOrNone(s.delivery_price_cents),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'regular_price_cents',
              title: 'Product page price',
              textAlign: 'right',
              render: (s) => formatMoney(s.regular_price_cents),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
            {
              accessor: 'updated_at',
              title: 'Last changed',
              render: (s) => (s.updated_at ? day.format(new Date(s.updated_at)) : '—'),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** /admin/cost-sheets and /admin/cost-sheets/:productId: administrators edit the prices, sales reps read them. */
export default function CostSheetsScreen({ role }: { role: StaffRole }) {
  return (
    <Routes>
      <Route index element={<CostSheetsList />} />
      <Route path=":productId" element={<CostSheetScreen role={role} />} />
    </Routes>
  );
}
