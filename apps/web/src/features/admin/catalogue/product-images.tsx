import {
  ActionIcon,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TAdminProductImage } from '@portal/contracts/admin-catalogue';
import { useState } from 'react';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useAddProductImage, useDeleteProductImage, useOrderProductImages, useProductImageAlt } from './api.ts';
import { PICTURE_ACCEPT, UploadButton } from './picture-upload.tsx';

/** The ids in a new order: the picture at `from` moved to `to`. */
const moved = (images: TAdminProductImage[], from: number, to: number) => {
  const ids = images.map((i) => i.id);
  const [id] = ids.splice(from, 1);
  ids.splice(to, 0, id!);
  return ids;
};

function PictureCard({
  productId,
  image,
  position,
  images,
  canEdit,
}: {
  productId: number;
  image: TAdminProductImage;
  position: number;
  images: TAdminProductImage[];
  canEdit: boolean;
}) {
  const [alt, setAlt] = useState(image.alt);
  const saveAlt = useProductImageAlt(productId);
  const order = useOrderProductImages(productId);
  const remove = useDeleteProductImage(productId);
  const [confirming, { open, close }] = useDisclosure(false);
  const label = `picture ${position + 1}`;
  const move = (to: number) =>
    order.mutate(moved(images, position, to), { onSuccess: (out) => toastSuccess(out.message) });

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Image src={image.card_url || image.url} alt={image.alt} h={160} fit="contain" radius="sm" bg="gray.0" />
        <Text size="xs" c="gray.7">
          {position === 0 ? 'Main picture · ' : ''}
          {image.width} × {image.height} px
        </Text>
        {canEdit ? (
          <>
            <TextInput
              label={`Alt text of ${label}`}
              value={alt}
              maxLength={200}
              onChange={(event) => setAlt(event.currentTarget.value)}
            />
            <Group gap="xs" justify="space-between">
              <Group gap={4}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move ${label} earlier`}
                  disabled={position === 0 || order.isPending}
                  onClick={() => move(position - 1)}
                >
                  ←
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move ${label} later`}
                  disabled={position === images.length - 1 || order.isPending}
                  onClick={() => move(position + 1)}
                >
                  →
                </ActionIcon>
              </Group>
              <Group gap={4}>
                <Button
                  variant="default"
                  size="compact-sm"
                  disabled={alt === image.alt}
                  loading={saveAlt.isPending}
                  onClick={() =>
                    saveAlt.mutate({ imageId: image.id, alt }, { onSuccess: (out) => toastSuccess(out.message) })
                  }
                >
                  Save alt text
                </Button>
                <Button color="red" variant="subtle" size="compact-sm" onClick={open}>
                  Delete
                </Button>
              </Group>
            </Group>
          </>
        ) : (
          <Text size="sm">{image.alt || 'No alt text'}</Text>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={close}
        title="Delete this picture?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>The picture is removed from the product page at once.</Text>
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(image.id, {
                  onSuccess: (out) => {
                    toastSuccess(out.message);
                    close();
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** A product's pictures in their order: add (with alt text), re-label, move and delete. */
export function ProductImages({
  productId,
  images,
  canEdit,
}: {
  productId: number;
  images: TAdminProductImage[];
  canEdit: boolean;
}) {
  const add = useAddProductImage(productId);
  const [alt, setAlt] = useState('');
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Pictures
      </Title>
      {images.length === 0 ? (
        <Text c="gray.7">No pictures yet: the site shows a placeholder.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
          {images.map((image, position) => (
            <PictureCard
              key={`${image.id}-${image.alt}`}
              productId={productId}
              image={image}
              position={position}
              images={images}
              canEdit={canEdit}
            />
          ))}
        </SimpleGrid>
      )}
      {canEdit && (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <TextInput
              label="Alt text of the new picture"
              description="What the picture shows, for visitors who cannot see it"
              value={alt}
              maxLength={200}
              onChange={(event) => setAlt(event.currentTarget.value)}
              maw={480}
            />
            <UploadButton
              label="Add picture"
              accept={PICTURE_ACCEPT}
              hint="JPEG, PNG or WebP, at most 5 MB; square pictures look best."
              send={async (file) => {
                toastSuccess((await add.mutateAsync({ file, alt })).message);
                setAlt('');
              }}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
