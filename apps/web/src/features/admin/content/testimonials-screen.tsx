import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TAdminTestimonial } from '@portal/contracts/admin-content';
import { DataTable } from 'mantine-datatable';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { ServerHtml } from '../../../components/server-html.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { ConfirmButton } from '../orders/components/confirm-button.tsx';
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
import { MoveButtons, moved } from './components/move-buttons.tsx';
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
  const move = (index: number, step: -1 | 1) =>
    order.mutate(
      moved(
        rows.map((r) => r.id),
        index,
        step,
      ),
      { onSuccess: (out) => toastSuccess(out.message) },
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {TEXT.testimonialsTitle}
          </Title>
          <Text c="gray.7" size="sm">
            {TEXT.testimonialsIntro}
          </Text>
        </div>
        <Button component={Link} to={`${listPath}/new`}>
          New testimonial
        </Button>
      </Group>
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
            {
              accessor: 'sort_order',
              title: 'Order',
              width: 90,
              render: (r, index) => (
                <MoveButtons
                  label={r.name}
                  index={index}
                  count={rows.length}
                  busy={order.isPending}
                  onMove={(step) => move(index, step)}
                />
              ),
            },
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
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={listPath} size="sm">
        ← {TEXT.testimonialsTitle}
      </Anchor>
      <Title order={1} size="h2">
        New testimonial
      </Title>
      <TestimonialForm
        defaults={EMPTY_TESTIMONIAL}
        submitLabel="Add testimonial"
        onSubmit={async (values) => {
          const out = await create.mutateAsync(values);
          toastSuccess(out.message);
          void navigate(`${listPath}/${out.id}`, { replace: true });
        }}
      />
    </Stack>
  );
}

function TestimonialDetail() {
  const id = Number(useParams().id);
  const one = useTestimonial(id);
  const save = useSaveTestimonial(id);
  const remove = useDeleteTestimonial();
  const navigate = useNavigate();
  usePageMeta({ title: one.data ? `Testimonial: ${one.data.testimonial.name}` : TEXT.testimonialsTitle });
  if (one.isError) return <LoadError message={one.error.message} onRetry={() => void one.refetch()} />;
  if (!one.data) return <LoadingBar active />;
  const { testimonial, history } = one.data;
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={listPath} size="sm">
        ← {TEXT.testimonialsTitle}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {testimonial.name}
        </Title>
        <ConfirmButton
          label="Delete"
          color="red"
          variant="outline"
          title="Delete this testimonial?"
          question={`${testimonial.name}’s testimonial will be removed for good. To take it off the home page but keep it, untick “Show it on the home page” instead.`}
          confirmLabel="Delete testimonial"
          onConfirm={async () => {
            toastSuccess((await remove.mutateAsync(id)).message);
            void navigate(listPath, { replace: true });
          }}
        />
      </Group>
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
          onSubmit={async (values) => toastSuccess((await save.mutateAsync(values)).message)}
        />
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Text size="sm" fw={600} mb={4}>
          As the home page shows it
        </Text>
        <ServerHtml html={testimonial.note} />
      </Paper>
      <ContentHistory entries={history} names={NAMES} />
    </Stack>
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
