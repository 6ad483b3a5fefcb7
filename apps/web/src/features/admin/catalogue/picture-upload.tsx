import { Button, FileButton, Group, Text } from '@mantine/core';
import { PICTURE_MAX_BYTES } from '@portal/contracts/admin-catalogue';
import { MSG } from '@portal/contracts/messages';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/** The kinds a picture may be; the server checks the file's content whatever its name says. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp';
export const PDF_ACCEPT = 'application/pdf';

/**
 * A button that picks one file and sends it with `send`. What is refused before sending
 * (too big) and what the server refuses are both said next to the button.
 */
export function UploadButton({
  label,
  accept,
  maxBytes = PICTURE_MAX_BYTES,
  tooBig = MSG.pictureTooBig,
  send,
  hint,
}: {
  label: string;
  accept: string;
  maxBytes?: number;
  tooBig?: string;
  send: (file: File) => Promise<unknown>;
  hint?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <Group gap="sm" align="center">
      <FileButton
        accept={accept}
        onChange={async (file) => {
          if (!file) return;
          setError(null);
          if (file.size > maxBytes) return setError(tooBig);
          setSending(true);
          try {
            await send(file);
          } catch (failure) {
            setError(failure instanceof ApiError ? failure.message : MSG.genericError);
          } finally {
            setSending(false);
          }
        }}
      >
        {(props) => (
          <Button variant="default" loading={sending} {...props}>
            {label}
          </Button>
        )}
      </FileButton>
      {hint && !error && (
        <Text size="sm" c="gray.7">
          {hint}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
