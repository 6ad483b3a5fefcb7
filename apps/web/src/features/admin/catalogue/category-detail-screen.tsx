import { Anchor, Button, Group, Image, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { StaffRole } from '@portal/contracts/admin';
import { categoryInUse, type TAdminCategoryDetail } from '@portal/contracts/admin-catalogue';
import { Link, useNavigate, useParams } from 'react-router';
import { Fact } from '../../../components/fact.tsx';
import { LoadingBar } from '../../../components/loading-bar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { ServerHtml } from '../../../components/server-html.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { when } from '../lib/format.ts';
import { RecordHistory } from '../lib/record-history.tsx';
import { backOfficePath } from '../sections.ts';
import { useAdminCategory, useCategoryImage, useDeleteCategory, useUpdateCategory } from './api.ts';
import { CategoryForm } from './category-form.tsx';
import { PICTURE_ACCEPT, UploadButton } from './picture-upload.tsx';

function DeleteCategory({ category }: { category: TAdminCategoryDetail }) {
  const remove = useDeleteCategory(category.id);
  const navigate = useNavigate();
  const [confirming, { open, close }] = useDisclosure(false);
  if (category.products > 0) {
    return (
      <Text size="sm" c="gray.7">
        {categoryInUse(category.products)}
      </Text>
    );
  }
  return (
    <>
      <Button color="red" variant="outline" onClick={open}>
        Delete category
      </Button>
      <Modal
        opened={confirming}
        onClose={close}
        title="Delete this category?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>“{category.category_name}” will be removed from the site. No product uses it.</Text>
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (out) => {
                    toastSuccess(out.message);
                    navigate(backOfficePath('categories'));
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function CategoryDetail({ category, role }: { category: TAdminCategoryDetail; role: StaffRole }) {
  usePageMeta({ title: category.category_name });
  const update = useUpdateCategory(category.id);
  const image = useCategoryImage(category.id);
  const [editing, { open, close }] = useDisclosure(false);
  const isAdmin = role === 'admin';
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backOfficePath('categories')} size="sm">
        ← Categories
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {category.category_name}
          </Title>
          <Anchor href={`/category/${category.category_slug}`} target="_blank" size="sm">
            View on the site
          </Anchor>
        </Stack>
        {isAdmin && <DeleteCategory category={category} />}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Picture
          </Title>
          {category.category_image ? (
            <Image src={category.category_image} alt="" mah={160} maw={640} fit="contain" radius="sm" />
          ) : (
            <Text c="gray.7">No picture yet.</Text>
          )}
          {isAdmin && (
            <UploadButton
              label={category.category_image ? 'Replace picture' : 'Upload picture'}
              accept={PICTURE_ACCEPT}
              hint="JPEG, PNG or WebP, at most 5 MB; a wide banner (4:1) looks best."
              send={async (file) => toastSuccess((await image.mutateAsync(file)).message)}
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        {editing ? (
          <CategoryForm
            defaults={{
              category_name: category.category_name,
              category_slug: category.category_slug,
              category_name_seo: category.category_name_seo,
              category_description: category.category_description,
              category_description_seo: category.category_description_seo,
              category_canonical: category.category_canonical,
              sort_order: category.sort_order,
            }}
            isNew={false}
            submitLabel="Save"
            onCancel={close}
            onSubmit={async (values) => {
              toastSuccess((await update.mutateAsync({ ...values, version: category.version })).message);
              close();
            }}
          />
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" component="dl" m={0}>
              <Fact label="Slug" value={category.category_slug} />
              <Fact label="Sort order" value={String(category.sort_order)} />
              <Fact label="Products" value={String(category.products)} />
              <Fact label="SEO title" value={category.category_name_seo} />
              <Fact label="SEO description" value={category.category_description_seo} />
              <Fact label="Canonical address" value={category.category_canonical} />
              <Fact label="Last changed" value={when.format(new Date(category.updated_at))} />
            </SimpleGrid>
            <div>
              <Text size="xs" c="gray.7">
                Description
              </Text>
              {category.category_description ? <ServerHtml html={category.category_description} /> : <Text>—</Text>}
            </div>
            {isAdmin && (
              <Group>
                <Button variant="default" onClick={open}>
                  Edit details
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
      <RecordHistory kind="categories" id={category.id} />
    </Stack>
  );
}

/** /admin/categories/:id */
export default function CategoryDetailScreen({ role }: { role: StaffRole }) {
  const id = Number(useParams().id);
  const category = useAdminCategory(id);
  if (category.isError) return <LoadError message={category.error.message} onRetry={() => void category.refetch()} />;
  if (!category.data) return <LoadingBar active />;
  return <CategoryDetail category={category.data.category} role={role} />;
}
