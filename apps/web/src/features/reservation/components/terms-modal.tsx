import { Button, Group, Modal, Stack } from '@mantine/core';
import { TermsOfServiceText } from '../../../components/terms-of-service-text.tsx';

/** The general terms (spec §2), the Terms of Service page's text, with a way to agree from here. */
export function TermsModal({
  opened,
  onClose,
  onAgree,
}: {
  opened: boolean;
  onClose: () => void;
  onAgree: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Terms and Conditions"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <TermsOfServiceText />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => {
              onAgree();
              onClose();
            }}
          >
            I agree
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
