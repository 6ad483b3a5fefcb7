import { Button, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { FormButton } from '../lib/form-values.ts';
import type { SaveState } from '../lib/use-draft-saver.ts';
import classes from './reservation.module.css';

const time = (d: Date) => d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** What the form says of its saving: drafts of a Pending order are kept, a Reserved order's only priced. */
export function saveStatus(state: SaveState, keepsDrafts: boolean): string {
  switch (state.phase) {
    case 'waiting':
    case 'saving':
      return keepsDrafts ? 'Saving…' : 'Updating prices…';
    case 'saved':
      return keepsDrafts
        ? `All changes saved at ${time(state.at)}`
        : `Prices updated at ${time(state.at)}. Press Save Updates to keep your changes.`;
    case 'invalid':
      return 'Not saved: please correct the highlighted fields.';
    case 'failed':
      return `Not saved: ${state.message}`;
    default:
      return keepsDrafts ? 'Changes are saved as you go.' : '';
  }
}

interface FormActionsProps {
  /** A reservation past its cut-off: Finalize Order is the one thing left to do. */
  finalizeOnly: boolean;
  status: string;
  paymentMethod: string;
  submitting: boolean;
  pressedButton: FormButton | null;
  press: (button: FormButton) => (event: MouseEvent) => void;
  saveStatusText: string;
}

/**
 * The form's buttons (spec §4): Save for later while Pending, Complete Reservation (Save
 * Updates once reserved) unless the payment option asks to pay now, and Finalize Order.
 */
export function FormActions({
  finalizeOnly,
  status,
  paymentMethod,
  submitting,
  pressedButton,
  press,
  saveStatusText,
}: FormActionsProps) {
  const showSaveForLater = status === 'Pending' && !finalizeOnly;
  const showComplete = ['', '0', '3', '4'].includes(paymentMethod) && !finalizeOnly;
  return (
    <Stack gap="xs" mt="xl">
      <div className={classes.actions}>
        {showSaveForLater && (
          <Button variant="default" onClick={press('later')} loading={submitting && pressedButton === 'later'}>
            Save for later
          </Button>
        )}
        {showComplete && (
          <Button onClick={press('complete')} loading={submitting && pressedButton === 'complete'}>
            {status === 'Pending' ? 'Complete Reservation' : 'Save Updates'}
          </Button>
        )}
        <Button color="teal.9" onClick={press('finalize')} loading={submitting && pressedButton === 'finalize'}>
          Finalize Order
        </Button>
      </div>
      <Text size="xs" c="gray.7" aria-live="polite" hiddenFrom="md">
        {saveStatusText}
      </Text>
    </Stack>
  );
}
