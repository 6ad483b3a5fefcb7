import { Anchor, Group } from '@mantine/core';
import type { TOrderFileEntry } from '@portal/contracts/orders';
import { IconPaperclip } from '@tabler/icons-react';
import { api } from '../lib/api-client.ts';

/**
 * A file only its owner may read, under the name the school gave it: the link carries no
 * token, so a click fetches it with the session's and hands it to the browser.
 */
export function FileDownloadLink({ file }: { file: TOrderFileEntry }) {
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <IconPaperclip size={16} aria-hidden style={{ flex: 'none' }} />
      <Anchor
        size="sm"
        href={file.file_path}
        style={{ overflowWrap: 'anywhere' }}
        onClick={(event) => {
          event.preventDefault();
          void api.download(file.file_path, file.file_name);
        }}
      >
        {file.file_name}
      </Anchor>
    </Group>
  );
}
