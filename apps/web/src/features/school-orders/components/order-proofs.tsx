import { Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { PROOF_COMMENT_MAX, PROOF_SHOWS_LABELS, type TOrderProof } from '@portal/contracts/proofs';
import { useState } from 'react';
import { ProofFile, ProofStatusBadge } from '../../../components/order-view/proof-file.tsx';
import { toastSuccess } from '../../../lib/toast.tsx';
import { useAnswerProof, useOrderProofs } from '../api/proof-calls.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The proofs of the school's custom cover and pages: each to view or download, and, while
 * it waits, to approve or send back saying what to change. Nothing shows before the first.
 */
export function OrderProofs({ orderKey }: { orderKey: string }) {
  const proofs = useOrderProofs(orderKey);
  const list = proofs.data?.proofs ?? [];
  if (list.length === 0) return null;
  const waiting = list.filter((p) => p.status === 'waiting').length;
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-labelledby="proofs-title">
      <Title order={2} size="h4" id="proofs-title">
        Proofs
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {waiting > 0
          ? 'Please look at each proof and approve it, or tell us what to change. Your order goes into production once you have answered.'
          : 'Thank you for your answers.'}
      </Text>
      <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((proof) => (
          <ProofItem key={proof.id} proof={proof} orderKey={orderKey} />
        ))}
      </Stack>
    </Paper>
  );
}

function ProofItem({ proof, orderKey }: { proof: TOrderProof; orderKey: string }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <ProofFile proof={proof} />
        <ProofStatusBadge status={proof.status} />
      </Group>
      <Text size="xs" c="gray.7" mt="xs">
        Sent {when.format(new Date(proof.created_at))}
        {proof.answered_at && ` · answered ${when.format(new Date(proof.answered_at))}`}
      </Text>
      {proof.comment && (
        <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            You wrote:
          </Text>{' '}
          {proof.comment}
        </Text>
      )}
      {proof.status === 'waiting' && <ProofAnswer proof={proof} orderKey={orderKey} />}
    </Paper>
  );
}

/** Approve (asked once more in a modal) or Ask for changes, which needs a comment. */
function ProofAnswer({ proof, orderKey }: { proof: TOrderProof; orderKey: string }) {
  const answer = useAnswerProof(orderKey);
  const [approving, setApproving] = useState(false);
  const [changing, setChanging] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const what = PROOF_SHOWS_LABELS[proof.shows].toLowerCase();

  const approve = () =>
    answer.mutate(
      { proof_id: proof.id, answer: 'approve' },
      {
        onSuccess: (result) => {
          toastSuccess(result.message);
          setApproving(false);
        },
      },
    );
  const askForChanges = () => {
    if (!comment.trim()) {
      setError(MSG.proofCommentRequired);
      return;
    }
    answer.mutate(
      { proof_id: proof.id, answer: 'changes', comment: comment.trim() },
      {
        onSuccess: (result) => toastSuccess(result.message),
        onError: (failure) => {
          const field = (failure as { errors?: Record<string, string> }).errors?.comment;
          if (field) setError(field);
        },
      },
    );
  };

  return (
    <Stack gap="sm" mt="sm">
      {changing ? (
        <>
          <Textarea
            label={`What should we change in the ${what}?`}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={PROOF_COMMENT_MAX}
            autosize
            minRows={3}
            required
          />
          <Group gap="xs">
            <Button color="orange" loading={answer.isPending} onClick={askForChanges}>
              Send my changes
            </Button>
            <Button variant="default" onClick={() => setChanging(false)}>
              Back
            </Button>
          </Group>
        </>
      ) : (
        <Group gap="xs">
          <Button color="teal.9" onClick={() => setApproving(true)}>
            Approve
          </Button>
          <Button variant="default" onClick={() => setChanging(true)}>
            Ask for changes
          </Button>
        </Group>
      )}
      <Modal opened={approving} onClose={() => setApproving(false)} title="Approve this proof?" centered>
        <Stack gap="md">
          <Text size="sm">
            Your {what} will be printed as this proof shows it. You cannot change it after approving.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setApproving(false)}>
              Not yet
            </Button>
            <Button color="teal.9" loading={answer.isPending} onClick={approve}>
              Approve the proof
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
