import { Anchor, Badge, Paper, Stack, Text } from '@mantine/core';
import { AUDIENCE_LABELS, type TAdminFaqTopic } from '@portal/contracts/admin-content';
import { DataTable } from 'mantine-datatable';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { backOfficePath } from '../sections.ts';
import {
  useCreateFaqTopic,
  useDeleteFaqTopic,
  useFaqTopic,
  useFaqTopics,
  useOrderFaqTopics,
  useSaveFaqTopic,
} from './api.ts';
import { ContentHistory } from './components/content-history.tsx';
import { ContentListHeader, ContentRecordPage, moveColumn, useOpenCreated } from './components/content-record.tsx';
import { FaqTabs } from './components/faq-tabs.tsx';
import { EMPTY_TOPIC, FaqTopicForm } from './faq-topic-form.tsx';
import { TEXT } from './texts.ts';

const topicsPath = backOfficePath('faqs/topics');
const NAMES = {
  name: 'Name',
  slug: 'Address',
  description: 'Short line',
  audience: 'Who reads it',
  sort_order: 'Position',
};
const audienceOf = (a: number) => AUDIENCE_LABELS[a as keyof typeof AUDIENCE_LABELS] ?? '—';

/** /admin/faqs/topics: the support page's tiles in order, with how many questions each holds. */
export function FaqTopicList() {
  usePageMeta({ title: TEXT.topicsTitle });
  const topics = useFaqTopics();
  const order = useOrderFaqTopics();
  const navigate = useNavigate();
  const rows = topics.data?.categories ?? [];
  return (
    <Stack gap="md">
      <ContentListHeader
        title={TEXT.faqsTitle}
        intro={TEXT.faqsIntro}
        newLabel="New topic"
        newTo={`${topicsPath}/new`}
      />
      <FaqTabs active="topics" />
      {topics.isError ? (
        <LoadError message={topics.error.message} onRetry={() => void topics.refetch()} />
      ) : (
        <DataTable<TAdminFaqTopic>
          {...STAFF_TABLE}
          fetching={topics.isFetching}
          records={rows}
          idAccessor="id"
          noRecordsText="No topics yet."
          onRowClick={({ record }) => void navigate(`${topicsPath}/${record.id}`)}
          columns={[
            moveColumn(rows, (r) => r.name, {
              busy: order.isPending,
              send: (ids) => order.mutate(ids, { onSuccess: (out) => toastSuccess(out.message) }),
            }),
            {
              accessor: 'name',
              title: 'Topic',
              render: (r) => (
                <Stack gap={0}>
                  <Anchor component={Link} to={`${topicsPath}/${r.id}`} fw={600} onClick={(e) => e.stopPropagation()}>
                    {r.name}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {r.description}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'faq_count', title: 'Questions', textAlign: 'right', width: 100 },
            {
              accessor: 'audience',
              title: 'Who reads it',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
              render: (r) => (
                <Badge variant="outline" color="blue.9">
                  {audienceOf(r.audience)}
                </Badge>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

export function NewFaqTopic() {
  usePageMeta({ title: 'New topic' });
  const create = useCreateFaqTopic();
  const open = useOpenCreated(topicsPath);
  return (
    <ContentRecordPage back={{ to: topicsPath, label: TEXT.topicsTitle }} maw={720} title="New topic">
      <FaqTopicForm
        defaults={EMPTY_TOPIC}
        submitLabel="Add topic"
        onSubmit={async (values) => open(await create.mutateAsync(values))}
      />
    </ContentRecordPage>
  );
}

export function FaqTopicDetail() {
  const id = Number(useParams().id);
  const one = useFaqTopic(id);
  const save = useSaveFaqTopic(id);
  const remove = useDeleteFaqTopic();
  usePageMeta({ title: one.data ? `Topic: ${one.data.category.name}` : TEXT.topicsTitle });
  if (one.isError) return <LoadError message={one.error.message} onRetry={() => void one.refetch()} />;
  if (!one.data) return <LoadingBar active />;
  const { category, history } = one.data;
  return (
    <ContentRecordPage
      back={{ to: topicsPath, label: TEXT.topicsTitle }}
      maw={720}
      title={category.name}
      subtitle={
        <Anchor component={Link} to={`${backOfficePath('faqs')}?topic=${category.id}`} size="sm">
          {category.faq_count === 1 ? '1 question' : `${category.faq_count} questions`}
        </Anchor>
      }
      remove={{
        what: 'topic',
        question:
          category.faq_count > 0
            ? `“${category.name}” still has ${category.faq_count} question(s): move them to another topic or delete them first, or it cannot be deleted.`
            : `“${category.name}” will be removed from Help and Support for good.`,
        run: () => remove.mutateAsync(id),
        goTo: topicsPath,
      }}
    >
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <FaqTopicForm
          key={category.updated_at}
          defaults={{
            name: category.name,
            slug: category.slug,
            description: category.description,
            audience: category.audience,
          }}
          submitLabel="Save topic"
          onSubmit={async (values) =>
            toastSuccess((await save.mutateAsync({ ...values, version: category.updated_at })).message)
          }
        />
      </Paper>
      <ContentHistory entries={history} names={NAMES} />
    </ContentRecordPage>
  );
}
