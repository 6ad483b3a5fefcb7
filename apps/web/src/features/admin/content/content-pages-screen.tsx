import { Anchor, Stack, Text } from '@mantine/core';
import type { TAdminContentPageRow } from '@portal/contracts/admin-content';
import { DataTable } from 'mantine-datatable';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { when } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { backOfficePath } from '../sections.ts';
import { useContentPages } from './api.ts';
import { ContentListHeader } from './components/content-record.tsx';
import ContentPageScreen from './content-page-screen.tsx';
import { PAGE_USE, TEXT } from './texts.ts';

const pagePath = (id: number) => backOfficePath(`pages/${id}`);

/** /admin/pages: the twelve content pages, each opening its editor. */
function ContentPagesList() {
  usePageMeta({ title: TEXT.pagesTitle });
  const pages = useContentPages();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <ContentListHeader title={TEXT.pagesTitle} intro={TEXT.pagesIntro} />
      {pages.isError ? (
        <LoadError message={pages.error.message} onRetry={() => void pages.refetch()} />
      ) : (
        <DataTable<TAdminContentPageRow>
          {...STAFF_TABLE}
          fetching={pages.isFetching}
          records={pages.data?.pages ?? []}
          idAccessor="id"
          noRecordsText="No pages."
          onRowClick={({ record }) => void navigate(pagePath(record.id))}
          columns={[
            { accessor: 'id', title: '#', width: 50 },
            {
              accessor: 'name',
              title: 'Page',
              render: (p) => (
                <Stack gap={0}>
                  <Anchor component={Link} to={pagePath(p.id)} fw={600} onClick={(e) => e.stopPropagation()}>
                    {p.name}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {PAGE_USE[p.id]}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'seo_title',
              title: 'Title',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (p) => (
                <Text size="sm" lineClamp={2}>
                  {p.seo_title}
                </Text>
              ),
            },
            {
              accessor: 'has_body',
              title: 'Text',
              render: (p) =>
                p.shows_body ? (
                  <Text size="sm" c={p.has_body ? 'dark.7' : 'gray.7'} fw={p.has_body ? 600 : 400}>
                    {p.has_body ? 'Written here' : 'Site’s own'}
                  </Text>
                ) : (
                  '—'
                ),
            },
            {
              accessor: 'updated_at',
              title: 'Changed',
              width: 170,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
              render: (p) => when.format(new Date(p.updated_at)),
            },
          ]}
        />
      )}
    </Stack>
  );
}

export default function ContentPagesScreen() {
  return (
    <Routes>
      <Route index element={<ContentPagesList />} />
      <Route path=":id" element={<ContentPageScreen />} />
    </Routes>
  );
}
