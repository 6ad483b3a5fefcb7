import { Anchor, Paper, Stack, Text } from '@mantine/core';
import type { TAdminTestimonial } from '@portal/contracts/admin-content';
import { DataTable } from 'mantine-datatable';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { ServerHtml } from '../../../components/server-html.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { backOfficePath } from '../sections.ts';
import {
  useCreateTestimonial,
  useDeleteTestimonial,
  useOrderTestimonials,
  useSaveTestimonial,
  useTestimonial,
  useTestimonials,
} from './api.ts';
import { ContentHistory } from './components/content-history.tsx';
import { ContentListHeader, ContentRecordPage, moveColumn, useOpenCreated } from './components/content-record.tsx';
import { EMPTY_TESTIMONIAL, TestimonialForm } from './testimonial-form.tsx';
import { TEXT } from './texts.ts';

const listPath = backOfficePath('testimonials');
const NAMES = { name: 'Name', address: 'Role and place', note: 'Words', published: 'Shown', sort_order: 'Position' };

/** /admin/testimonials: every testimonial in the carousel's order, moved with the arrows. */
function TestimonialsList() {
  usePageMeta({ title: TEXT.testimonialsTitle });
  const list = useTestimonials();
  const order = useOrderTestimonials();
  const navigate = useNavigate();
  const rows = list.data?.testimonials ?? [];
  return (
    <Stack gap="md">
      <ContentListHeader
        title={TEXT.testimonialsTitle}
        intro={TEXT.testimonialsIntro}
        newLabel="New testimonial"
        newTo={`${listPath}/new`}
      />
      {list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<TAdminTestimonial>
          {...STAFF_TABLE}
          fetching={list.isFetching}
          records={rows}
          idAccessor="id"
          noRecordsText="No testimonials yet."
          onRowClick={({ record }) => void navigate(`${listPath}/${record.id}`)}
          columns={[
            moveColumn(rows, (r) => r.name, {
              busy: order.isPending,
              send: (ids) => order.mutate(ids, { onSuccess: (out) => toastSuccess(out.message) }),
            }),
            {
              accessor: 'name',
              title: 'Who',
              render: (r) => (
                <Stack gap={0}>
                  <Anchor
                    component={Link}
                    to={`${listPath}/${r.id}`}
                    fw={600}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {r.name}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {r.address}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'note',
              title: 'Words',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (r) => (
                <Text size="sm" lineClamp={2}>
                  {r.note.replace(/<[^>]*>/g, ' ')}
                </Text>
              ),
            },
            {
              accessor: 'published',
              title: 'Shown',
              render: (r) => (
                <Text size="sm" fw={600} c={r.published ? 'dark.7' : 'gray.7'}>
                  {r.published ? 'Shown' : 'Hidden'}
                </Text>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

function NewTestimonial() {
  usePageMeta({ title: 'New testimonial' });
  const create = useCreateTestimonial();
  const open = useOpenCreated(listPath);
  return (
    <ContentRecordPage back={{ to: listPath, label: TEXT.testimonialsTitle }} maw={860} title="New testimonial">
      <TestimonialForm
        defaults={EMPTY_TESTIMONIAL}
        submitLabel="Add testimonial"
        onSubmit={async (values) => open(await create.mutateAsync(values))}
      />
    </ContentRecordPage>
  );
}

function TestimonialDetail() {
  const id = Number(useParams().id);
  const one = useTestimonial(id);
  const save = useSaveTestimonial(id);
  const remove = useDeleteTestimonial();
  usePageMeta({ title: one.data ? `Testimonial: ${one.data.testimonial.name}` : TEXT.testimonialsTitle });
  if (one.isError) return <LoadError message={one.error.message} onRetry={() => void one.refetch()} />;
  if (!one.data) return <LoadingBar active />;
  const { testimonial, history } = one.data;
  return (
    <ContentRecordPage
      back={{ to: listPath, label: TEXT.testimonialsTitle }}
      maw={860}
      title={testimonial.name}
      remove={{
        what: 'testimonial',
        question: `${testimonial.name}’s testimonial will be removed for good. To take it off the home page but keep it, untick “Show it on the home page” instead.`,
        run: () => remove.mutateAsync(id),
        goTo: listPath,
      }}
    >
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <TestimonialForm
          key={testimonial.updated_at}
          defaults={{
            name: testimonial.name,
            address: testimonial.address,
            note: testimonial.note,
            published: testimonial.published,
          }}
          submitLabel="Save testimonial"
          onSubmit={async (values) =>
            toastSuccess((await save.mutateAsync({ ...values, version: testimonial.updated_at })).message)
          }
        />
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Text size="sm" fw={600} mb={4}>
          As the home page shows it
        </Text>
        <ServerHtml html={testimonial.note} />
      </Paper>
      <ContentHistory entries={history} names={NAMES} />
    </ContentRecordPage>
  );
}

export default function TestimonialsScreen() {
  return (
    <Routes>
      <Route index element={<TestimonialsList />} />
      <Route path="new" element={<NewTestimonial />} />
      <Route path=":id" element={<TestimonialDetail />} />
    </Routes>
  );
}
