import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { toastSuccess } from '../../../lib/toast.tsx';

interface AccountStatusConfirmProps {
  opened: boolean;
  onClose: () => void;
  /** True when the account is active and is about to be disabled. */
  disabling: boolean;
  /** What each change means for the account's holder, said plainly. */
  consequence: { disable: string; enable: string };
  busy: boolean;
  /** Sends the new status (0 disabled, 1 active); resolves with the server's words. */
  change: (status: 0 | 1) => Promise<{ message: string }>;
}

/** Asks before an account (a school's, a sponsor's, a staff member's) is disabled or enabled again. */
export function AccountStatusConfirm({
  opened,
  onClose,
  disabling,
  consequence,
  busy,
  change,
}: AccountStatusConfirmProps) {
  const confirm = async () => {
    try {
      toastSuccess((await change(disabling ? 0 : 1)).message);
      onClose();
    } catch {
      // The API client has shown why; the question stays open to try again or cancel.
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={disabling ? 'Disable this account?' : 'Enable this account?'}
    >
      <Stack gap="md">
        <Text>{disabling ? consequence.disable : consequence.enable}</Text>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={disabling ? 'red.9' : 'teal.9'} loading={busy} onClick={() => void confirm()}>
            {disabling ? 'Disable' : 'Enable'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Disable account" or "Enable account" on a record's page, asking first. */
export function AccountStatusButton(props: Omit<AccountStatusConfirmProps, 'opened' | 'onClose'>) {
  const [confirming, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button color={props.disabling ? 'red' : 'green'} variant="outline" onClick={open}>
        {props.disabling ? 'Disable account' : 'Enable account'}
      </Button>
      <AccountStatusConfirm {...props} opened={confirming} onClose={close} />
    </>
  );
}
