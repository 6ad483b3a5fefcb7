import { Anchor, Badge, Paper, Select, Stack } from '@mantine/core';
import { AUDIENCE_LABELS, type TAdminFaq } from '@portal/contracts/admin-content';
import { DataTable } from 'mantine-datatable';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { backOfficePath } from '../sections.ts';
import { useCreateFaq, useDeleteFaq, useFaq, useFaqs, useFaqTopics, useOrderFaqs, useSaveFaq } from './api.ts';
import { ContentHistory } from './components/content-history.tsx';
import { ContentListHeader, ContentRecordPage, moveColumn, useOpenCreated } from './components/content-record.tsx';
import { FaqTabs } from './components/faq-tabs.tsx';
import { FaqForm } from './faq-form.tsx';
import { TEXT } from './texts.ts';

const listPath = backOfficePath('faqs');
const NAMES = {
  category_id: 'Topic',
  question: 'Question',
  answer: 'Answer',
  audience: 'Who reads it',
  sort_order: 'Position',
};
const audienceOf = (a: number) => AUDIENCE_LABELS[a as keyof typeof AUDIENCE_LABELS] ?? '—';

/** /admin/faqs: the questions, narrowed to a topic (kept in the address), where the arrows order them. */
export function FaqList() {
  usePageMeta({ title: TEXT.faqsTitle });
  const [params, setParams] = useSearchParams();
  const topicId = Number(params.get('topic')) || undefined;
  const topics = useFaqTopics();
  const faqs = useFaqs(topicId);
  const order = useOrderFaqs();
  const navigate = useNavigate();
  const rows = faqs.data?.faqs ?? [];
  return (
    <Stack gap="md">
      <ContentListHeader
        title={TEXT.faqsTitle}
        intro={TEXT.faqsIntro}
        newLabel="New question"
        newTo={`${listPath}/new${topicId ? `?topic=${topicId}` : ''}`}
      />
      <FaqTabs active="questions" />
      <Select
        label="Topic"
        placeholder="All topics"
        description={topicId ? undefined : 'Choose a topic to put its questions in order.'}
        data={(topics.data?.categories ?? []).map((t) => ({
          value: String(t.id),
          label: `${t.name} (${t.faq_count})`,
        }))}
        value={topicId ? String(topicId) : null}
        onChange={(value) => setParams(value ? { topic: value } : {}, { replace: true })}
        clearable
        maw={360}
      />
      {faqs.isError ? (
        <LoadError message={faqs.error.message} onRetry={() => void faqs.refetch()} />
      ) : (
        <DataTable<TAdminFaq>
          {...STAFF_TABLE}
          fetching={faqs.isFetching}
          records={rows}
          idAccessor="id"
          noRecordsText="No questions in this topic yet."
          onRowClick={({ record }) => void navigate(`${listPath}/${record.id}`)}
          columns={[
            ...(topicId
              ? [
                  moveColumn(rows, (r) => r.question, {
                    busy: order.isPending,
                    send: (ids) =>
                      order.mutate({ category_id: topicId, ids }, { onSuccess: (out) => toastSuccess(out.message) }),
                  }),
                ]
              : []),
            {
              accessor: 'question',
              title: 'Question',
              render: (r) => (
                <Anchor component={Link} to={`${listPath}/${r.id}`} onClick={(event) => event.stopPropagation()}>
                  {r.question}
                </Anchor>
              ),
            },
            {
              accessor: 'category_name',
              title: 'Topic',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'audience',
              title: 'Who reads it',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
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

export function NewFaq() {
  usePageMeta({ title: 'New question' });
  const [params] = useSearchParams();
  const topics = useFaqTopics();
  const create = useCreateFaq();
  const open = useOpenCreated(listPath);
  if (topics.isError) return <LoadError message={topics.error.message} onRetry={() => void topics.refetch()} />;
  if (!topics.data) return <LoadingBar active />;
  return (
    <ContentRecordPage back={{ to: listPath, label: TEXT.faqsTitle }} maw={860} title="New question">
      <FaqForm
        topics={topics.data.categories}
        defaults={{ category_id: Number(params.get('topic')) || 0, question: '', answer: '', audience: 0 }}
        submitLabel="Add question"
        onSubmit={async (values) => open(await create.mutateAsync(values))}
      />
    </ContentRecordPage>
  );
}

export function FaqDetail() {
  const id = Number(useParams().id);
  const one = useFaq(id);
  const topics = useFaqTopics();
  const save = useSaveFaq(id);
  const remove = useDeleteFaq();
  usePageMeta({ title: one.data ? `Question: ${one.data.faq.question}` : TEXT.faqsTitle });
  if (one.isError) return <LoadError message={one.error.message} onRetry={() => void one.refetch()} />;
  if (topics.isError) return <LoadError message={topics.error.message} onRetry={() => void topics.refetch()} />;
  if (!one.data || !topics.data) return <LoadingBar active />;
  const { faq, history } = one.data;
  const back = `${listPath}?topic=${faq.category_id}`;
  return (
    <ContentRecordPage
      back={{ to: back, label: faq.category_name }}
      maw={860}
      title={faq.question}
      remove={{
        what: 'question',
        question: `“${faq.question}” and its answer will be removed from Help and Support for good.`,
        run: () => remove.mutateAsync(id),
        goTo: back,
      }}
    >
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <FaqForm
          key={faq.updated_at}
          topics={topics.data.categories}
          defaults={{
            category_id: faq.category_id,
            question: faq.question,
            answer: faq.answer,
            audience: faq.audience,
          }}
          submitLabel="Save question"
          onSubmit={async (values) =>
            toastSuccess((await save.mutateAsync({ ...values, version: faq.updated_at })).message)
          }
        />
      </Paper>
      <ContentHistory entries={history} names={NAMES} />
    </ContentRecordPage>
  );
}
