import '../styles/mantine-forms.css';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** What opens and closes a terms modal, and what agreeing does. */
export interface TermsModalProps {
  opened: boolean;
  onClose: () => void;
  onAgree: () => void;
}

interface AgreementModalProps extends TermsModalProps {
  title: string;
  agreeLabel: string;
  closeLabel: string;
  /** Agree stays disabled until what the terms ask for is done. */
  canAgree?: boolean;
  children: ReactNode;
}

/** A modal of terms to read and agree to: the text, then its close and agree buttons. */
export function AgreementModal({
  title,
  opened,
  onClose,
  onAgree,
  agreeLabel,
  closeLabel,
  canAgree = true,
  children,
}: AgreementModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {closeLabel}
          </Button>
          <Button
            disabled={!canAgree}
            onClick={() => {
              onAgree();
              onClose();
            }}
          >
            {agreeLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
