import { type BaseSyntheticEvent, useCallback, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './form.ts';

export interface SubmitOptions {
  /** Fields whose server messages (a 400's `errors`) are shown under them. */
  serverFields?: readonly string[];
  /** Runs when the form's own rules refuse it (nothing is sent). */
  onInvalid?: () => void;
  /** Runs after the server's field messages have been placed. */
  onServerErrors?: () => void;
}

/**
 * The one way a form sends: validated by its schema, then `action` with the parsed values.
 * While a send runs, further presses, double clicks and Enter keys are ignored (the state
 * is kept in a ref, since a second click can arrive before React has re-rendered), and
 * `submitting` lets the button show that it is working. A failed call puts the server's
 * field messages under their fields (the API client has already shown its message) and
 * counts as an unsuccessful submission, so a leave warning keeps guarding the typing.
 */
export function useSubmit<TFields extends FieldValues, TOutput>(
  form: UseFormReturn<TFields, unknown, TOutput>,
  action: (values: TOutput) => Promise<unknown>,
  { serverFields = [], onInvalid, onServerErrors }: SubmitOptions = {},
) {
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = useCallback(
    async (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      if (running.current) return;
      running.current = true;
      setSubmitting(true);
      try {
        await form.handleSubmit(
          async (values) => {
            try {
              await action(values);
            } catch (error) {
              applyServerErrors(form, error, serverFields);
              onServerErrors?.();
              // The form then knows the send failed (isSubmitSuccessful stays false), so
              // what was typed is still guarded against leaving the page.
              throw error;
            }
          },
          () => onInvalid?.(),
        )(event);
      } catch {
        // Shown already: the API client's message, and the server's under their fields.
      } finally {
        running.current = false;
        setSubmitting(false);
      }
    },
    [form, action, serverFields, onInvalid, onServerErrors],
  );

  return { submit, submitting };
}

/** A new key for a submission: the same key on a retry makes the server treat it as one. */
export function newSubmissionKey(): string {
  // getRandomValues, unlike randomUUID, works on pages served without TLS too.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
