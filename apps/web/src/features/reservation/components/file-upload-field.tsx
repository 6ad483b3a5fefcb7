import '../../../styles/mantine-forms.css';
import { ActionIcon, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, UPLOAD_EXTENSIONS, type UploadFileType } from '@portal/contracts/order-files';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { FileDownloadLink } from '../../../components/file-download-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { removeOrderFile, uploadOrderFile } from '../api/reservation-calls.ts';

export interface ListedFile {
  file_name: string;
  file_path: string;
  file_path_raw: string;
}

interface Upload {
  id: number;
  name: string;
  progress: number;
  error?: string;
}

/** What the browser can tell before sending: the extension and the size (spec §5, D7). */
function problemWith(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return MSG.fileType;
  if (file.size > MAX_UPLOAD_BYTES) return MSG.fileTooBig;
  return null;
}

let uploadIds = 0;

interface FileUploadFieldProps {
  label: string;
  description?: ReactNode;
  orderKey: string;
  fileType: UploadFileType;
  files: ListedFile[];
  onChange: (files: ListedFile[]) => void;
  disabled?: boolean;
  /** One file only (a certificate, a PO): a new upload replaces the list. */
  single?: boolean;
  /** Fields sent with each file, or a message saying what is missing first. */
  extraFields?: () => Record<string, string> | string;
}

/**
 * Artwork and documents for an order: pick one or more files, each uploaded with its own
 * progress bar, then listed with a download link and a remove button.
 */
export function FileUploadField({
  label,
  description,
  orderKey,
  fileType,
  files,
  onChange,
  disabled,
  single,
  extraFields,
}: FileUploadFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const listRef = useRef(files);
  listRef.current = files;
  const labelId = useId();

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  async function send(file: File) {
    const id = ++uploadIds;
    const problem = problemWith(file);
    const extra = extraFields?.() ?? {};
    const refusal = problem ?? (typeof extra === 'string' ? extra : null);
    setUploads((list) => [...list, { id, name: file.name, progress: 0, ...(refusal ? { error: refusal } : {}) }]);
    if (refusal || typeof extra === 'string') return;
    try {
      const { file: saved } = await uploadOrderFile(
        orderKey,
        fileType,
        file,
        (p) => update(id, { progress: p }),
        extra,
      );
      // Several files upload at once: each adds itself to the list as it stands now.
      listRef.current = single ? [saved] : [...listRef.current, saved];
      onChange(listRef.current);
      setUploads((list) => list.filter((u) => u.id !== id));
    } catch (error) {
      update(id, { error: error instanceof ApiError ? error.message : MSG.genericError });
    }
  }

  async function remove(file: ListedFile) {
    setRemoving(file.file_path_raw);
    try {
      const { message } = await removeOrderFile(file.file_path_raw);
      listRef.current = listRef.current.filter((f) => f.file_path_raw !== file.file_path_raw);
      onChange(listRef.current);
      toastSuccess(message);
    } catch {
      // The API client has shown why.
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text size="xs" c="gray.7">
          {description}
        </Text>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={!single}
        hidden
        aria-label={label}
        data-file-type={fileType}
        onChange={(event) => {
          const picked = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          for (const file of picked) void send(file);
        }}
      />
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
        >
          {files.length > 0 && single ? 'Replace file' : 'Upload file'}
        </Button>
        <Text size="xs" c="gray.7">
          PDF, Word, JPG, PNG or GIF, up to 5 MB
        </Text>
      </Group>
      {uploads.map((u) => (
        <Stack key={u.id} gap={4} aria-live="polite">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {u.name}
            </Text>
            {u.error && (
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => setUploads((list) => list.filter((x) => x.id !== u.id))}
              >
                Dismiss
              </Button>
            )}
          </Group>
          {u.error ? (
            <Text size="sm" c="red.8" role="alert">
              {u.error}
            </Text>
          ) : (
            <Progress.Root size="sm">
              <Progress.Section
                value={Math.round(u.progress * 100)}
                aria-label={`Uploading ${u.name}`}
                animated={u.progress >= 1}
              />
            </Progress.Root>
          )}
        </Stack>
      ))}
      {files.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${label}: uploaded files`}>
          {files.map((f) => (
            <Group component="li" key={f.file_path_raw} gap="xs" wrap="nowrap" justify="space-between">
              <FileDownloadLink file={f} />
              <ActionIcon
                variant="subtle"
                color="red"
                size={32}
                aria-label={`Remove ${f.file_name}`}
                loading={removing === f.file_path_raw}
                disabled={disabled}
                onClick={() => void remove(f)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
