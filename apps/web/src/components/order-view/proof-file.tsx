import { Button, Group, Image, Text } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { PROOF_SHOWS_LABELS, PROOF_STATUS_LABELS, type ProofStatus, type TOrderProof } from '@portal/contracts/proofs';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { browserSession } from '../../lib/browser-session.ts';
import { toastError } from '../../lib/toast.tsx';
import { StatusBadge } from '../record-list/status-badge.tsx';

const STATUS_COLORS: Record<ProofStatus, string> = {
  waiting: 'orange',
  approved: 'green',
  changes_requested: 'red',
};

export function ProofStatusBadge({ status }: { status: ProofStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{PROOF_STATUS_LABELS[status]}</StatusBadge>;
}

/** The proof's bytes as an address this page may show (it is read with the session's token), while it is shown. */
function useProofUrl(path: string, wanted: boolean) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    let made: string | undefined;
    const { token } = browserSession.get();
    fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, wanted]);
  return url;
}

/**
 * A proof as staff and the school see it: a picture shown small (a PDF by its icon), what
 * it shows, and buttons to view it full size in a new tab and to download it.
 */
export function ProofFile({ proof }: { proof: TOrderProof }) {
  const picture = proof.mime_type.startsWith('image/');
  const url = useProofUrl(proof.file_path, picture);
  const label = `${PROOF_SHOWS_LABELS[proof.shows]} proof`;
  const view = async () => {
    await api.openInNewTab(async () => {
      const { token } = browserSession.get();
      const response = await fetch(proof.file_path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error('The proof could not be opened.');
      return URL.createObjectURL(await response.blob());
    });
  };
  return (
    <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      {picture ? (
        <Image
          src={url}
          alt={label}
          w={96}
          h={96}
          fit="contain"
          radius="sm"
          bg="gray.1"
          style={{ flex: 'none' }}
          fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        />
      ) : (
        <IconFileTypePdf size={48} aria-hidden style={{ flex: 'none' }} color="var(--mantine-color-red-7)" />
      )}
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {proof.file_name} · {Math.max(1, Math.round(proof.size_bytes / 1024))} KB
        </Text>
        <Group gap="xs" mt={6}>
          <Button size="xs" variant="light" onClick={() => void view().catch(() => toastError(MSG.fileNotFound))}>
            View
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => void api.download(proof.file_path, proof.file_name)}
            aria-label={`Download ${proof.file_name}`}
          >
            Download
          </Button>
        </Group>
      </div>
    </Group>
  );
}
