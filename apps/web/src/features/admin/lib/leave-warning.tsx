import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@portal/contracts/messages';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** A link the browser would follow in this tab to another address of this site, if any. */
function inAppTarget(event: MouseEvent): string | undefined {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return undefined;
  }
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return undefined;
  if (link.target && link.target !== '_self') return undefined;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return undefined;
  const to = url.pathname + url.search + url.hash;
  return to === window.location.pathname + window.location.search + window.location.hash ? undefined : to;
}

/**
 * While `when` holds (typing not saved yet), asks before it is lost: the browser's own
 * question on reload or closing the tab, and a confirmation before following a link to
 * another screen. Nothing is asked once the form is saved or untouched.
 */
export function LeaveWarning({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string>();

  useEffect(() => {
    if (!when) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    // Capturing on the document runs before the router's own link handling.
    const click = (event: MouseEvent) => {
      const to = inAppTarget(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(to);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [when]);

  return (
    <Modal
      opened={target !== undefined}
      onClose={() => setTarget(undefined)}
      title={MSG.leaveUnsavedTitle}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Text size="sm">{MSG.leaveUnsavedText}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setTarget(undefined)} data-autofocus>
          {MSG.leaveUnsavedCancel}
        </Button>
        <Button
          color="red"
          onClick={() => {
            const to = target;
            setTarget(undefined);
            if (to) navigate(to);
          }}
        >
          {MSG.leaveUnsavedConfirm}
        </Button>
      </Group>
    </Modal>
  );
}

/** `LeaveWarning` for a react-hook-form form: typed into and not yet sent successfully. */
export function FormLeaveWarning({ form }: { form: { formState: { isDirty: boolean; isSubmitSuccessful: boolean } } }) {
  return <LeaveWarning when={form.formState.isDirty && !form.formState.isSubmitSuccessful} />;
}
