import { Button, FileInput, Group, Paper, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { TAdminOrderResponse } from '@portal/contracts/admin-orders';
import { MSG } from '@portal/contracts/messages';
import { moveRefusalMessage, staffMayChange } from '@portal/contracts/order-rules';
import {
  MAX_PROOF_BYTES,
  PROOF_ACCEPT,
  PROOF_EXTENSIONS,
  PROOF_SHOWS,
  PROOF_SHOWS_LABELS,
  type ProofShows,
  type TStaffOrderProof,
} from '@portal/contracts/proofs';
import { useState } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { ProofFile, ProofStatusBadge } from '../../../../components/order-view/proof-file.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { useOrderProofs, useUploadProof } from '../proof-calls.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Proofs of the school's custom cover and pages: upload one for the school to answer, see
 * each one's answer and the school's comment. While one waits the order stays out of
 * production (moveRefusal), and the card says so.
 */
export function OrderProofs({ data }: { data: TAdminOrderResponse }) {
  const orderId = data.order.order_id;
  const proofs = useOrderProofs(orderId);
  const list = proofs.data?.proofs ?? [];
  const waiting = list.some((p) => p.status === 'waiting');
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-labelledby="order-proofs-title">
      <Title order={2} size="h4" mb="sm" id="order-proofs-title">
        Proofs
      </Title>
      <Stack gap="md">
        {waiting && data.order.order_status === 'Order Placed' && (
          <Notice tone="info" title="Not into production yet">
            <Text size="sm">{moveRefusalMessage('proof-waiting')}</Text>
          </Notice>
        )}
        {proofs.isError ? (
          <Text size="sm" c="red.8">
            {proofs.error.message}
          </Text>
        ) : list.length === 0 && proofs.data ? (
          <Text size="sm" c="gray.7">
            No proof yet. Upload one for the school to approve before the order goes into production.
          </Text>
        ) : (
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((proof) => (
              <ProofRow key={proof.id} proof={proof} />
            ))}
          </Stack>
        )}
        {staffMayChange({ status: data.order.order_status }) && <ProofUpload orderId={orderId} />}
      </Stack>
    </Paper>
  );
}

function ProofRow({ proof }: { proof: TStaffOrderProof }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <ProofFile proof={proof} />
        <ProofStatusBadge status={proof.status} />
      </Group>
      <Text size="xs" c="gray.7" mt="xs">
        Uploaded by {proof.uploaded_by_name}, {when.format(new Date(proof.created_at))}
        {proof.answered_at && ` · answered ${when.format(new Date(proof.answered_at))}`}
      </Text>
      {proof.comment && (
        <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            The school wrote:
          </Text>{' '}
          {proof.comment}
        </Text>
      )}
    </Paper>
  );
}

/** What is wrong with the chosen file before it is sent, in the server's words. */
function fileProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(PROOF_EXTENSIONS as readonly string[]).includes(ext)) return MSG.proofFileType;
  if (file.size > MAX_PROOF_BYTES) return MSG.fileTooBig;
  return undefined;
}

function ProofUpload({ orderId }: { orderId: number }) {
  const [shows, setShows] = useState<ProofShows>('cover');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const upload = useUploadProof(orderId);
  const problem = fileProblem(file);

  const send = () => {
    if (!file) {
      setError(MSG.uploadNoFile);
      return;
    }
    if (problem) return;
    setProgress(0);
    upload.mutate(
      { shows, file, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          toastSuccess(answer.message);
          setFile(null);
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : MSG.genericError),
        onSettled: () => setProgress(undefined),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} id="proof-shows-label">
        Upload a proof
      </Text>
      <SegmentedControl
        aria-labelledby="proof-shows-label"
        value={shows}
        onChange={(value) => setShows(value as ProofShows)}
        data={PROOF_SHOWS.map((value) => ({ value, label: PROOF_SHOWS_LABELS[value] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <Group align="flex-start" gap="xs" wrap="wrap">
        <FileInput
          label="Proof file (PDF, JPEG or PNG, up to 5 MB)"
          accept={PROOF_ACCEPT}
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(undefined);
          }}
          error={problem ?? error}
          clearable
          w={{ base: '100%', xs: 340 }}
        />
        <Button mt={{ base: 0, xs: 25 }} onClick={send} loading={upload.isPending} disabled={Boolean(problem)}>
          Upload and e-mail the school
        </Button>
      </Group>
      {progress !== undefined && <Progress value={progress * 100} size="sm" aria-label="Upload progress" />}
    </Stack>
  );
}
