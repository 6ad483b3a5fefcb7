import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  CONTENT_PAGE_BODIES,
  ContentPageFields,
  type TAdminContentPageResponse,
  type TContentPageFields,
} from '@portal/contracts/admin-content';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { FORM_MODE, fieldProps } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { FormLeaveWarning } from '../lib/leave-warning.tsx';
import { RichTextField } from '../lib/rich-text-field.tsx';
import { backOfficePath } from '../sections.ts';
import { useContentPage, useSaveContentPage } from './api.ts';
import { ContentHistory } from './components/content-history.tsx';
import { PAGE_USE, TEXT } from './texts.ts';

type Values = z.output<typeof ContentPageFields>;
const FIELDS = Object.keys(ContentPageFields.shape);
const NAMES = {
  seo_title: 'Title',
  seo_description: 'Description',
  image_url: 'Social picture',
  image_width: 'Picture width',
  image_height: 'Picture height',
  body_html: 'Page text',
};

function PageForm({ page }: { page: TAdminContentPageResponse['page'] }) {
  const save = useSaveContentPage(page.id);
  const form = useForm<TContentPageFields, unknown, Values>({
    ...FORM_MODE,
    resolver: zodResolver(ContentPageFields),
    defaultValues: {
      seo_title: page.seo_title,
      seo_description: page.seo_description,
      image_url: page.image_url,
      image_width: page.image_width,
      image_height: page.image_height,
      body_html: page.body_html,
    },
  });
  const { submit, submitting } = useSubmit(
    form,
    async (values) => toastSuccess((await save.mutateAsync({ ...values, version: page.updated_at })).message),
    { serverFields: FIELDS },
  );
  const bodyShownIn = CONTENT_PAGE_BODIES[page.id];
  return (
    <form onSubmit={submit} noValidate>
      <FormLeaveWarning form={form} />
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Search and sharing
            </Title>
            <TextInput
              label="Title"
              description="The browser tab’s title, and the headline of search results and shared links."
              required
              {...fieldProps(form, 'seo_title')}
            />
            <Textarea
              label="Description"
              description="The line under the title in search results and shared links."
              required
              autosize
              minRows={2}
              {...fieldProps(form, 'seo_description')}
            />
            <TextInput
              label="Social picture"
              description="The picture a shared link shows: a file on this site (/images/…) or a web address. Empty uses the site’s default picture."
              {...fieldProps(form, 'image_url')}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label="Picture width (px)"
                type="number"
                inputMode="numeric"
                {...fieldProps(form, 'image_width')}
              />
              <TextInput
                label="Picture height (px)"
                type="number"
                inputMode="numeric"
                {...fieldProps(form, 'image_height')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          {bodyShownIn ? (
            <RichTextField
              control={form.control}
              name="body_html"
              label={TEXT.bodyLabel}
              description={`Shown as ${bodyShownIn}. ${TEXT.bodyEmpty}`}
              minHeight={240}
            />
          ) : (
            <Text c="gray.7" size="sm">
              {TEXT.noBody}
            </Text>
          )}
        </Paper>
        <Group>
          <Button type="submit" loading={submitting}>
            Save page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/pages/:id: one content page's head and, where the site shows one, its text; with its history. */
export default function ContentPageScreen() {
  const id = Number(useParams().id);
  const page = useContentPage(id);
  usePageMeta({ title: page.data ? `${page.data.page.name} page` : TEXT.pagesTitle });
  if (page.isError) return <LoadError message={page.error.message} onRetry={() => void page.refetch()} />;
  if (!page.data) return <LoadingBar active />;
  const { page: record, history } = page.data;
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={backOfficePath('pages')} size="sm">
        ← {TEXT.pagesTitle}
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {record.name}
        </Title>
        <Text c="gray.7" size="sm">
          Page {record.id} · {PAGE_USE[record.id]}
        </Text>
      </div>
      {/* Saved, the record comes back changed: the form starts again from it. */}
      <PageForm key={record.updated_at} page={record} />
      <ContentHistory entries={history} names={NAMES} />
    </Stack>
  );
}
