import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

interface ConfirmButtonProps extends ButtonProps {
  label: string;
  title: string;
  /** What will happen, said plainly. */
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}

/** A button that asks first: the change is made only when the confirmation is pressed. */
export function ConfirmButton({ label, title, question, confirmLabel, onConfirm, ...button }: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpened(false);
    } catch {
      // The API client has shown why; the question stays open to try again or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button {...button} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} centered>
        <Stack gap="md">
          <Text size="sm">{question}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Keep it as it is
            </Button>
            <Button color={button.color} loading={busy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
