import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { type FormProblems, formProblems, problemsSentence } from '../lib/form-problems.ts';
import classes from './submit-button.module.css';

interface SubmitButtonProps<T extends FieldValues> extends ButtonProps {
  /** A send is running: the button shows a spinner and takes no press. */
  submitting: boolean;
  children: ReactNode;
  /**
   * The form it sends. While the form's rules keep the button disabled, a line under it
   * says what is left and leads to the first field in question, which may be screens above.
   */
  form?: UseFormReturn<T, unknown, unknown>;
}

/** The submit button of every form, paired with `useSubmit`. */
export function SubmitButton<T extends FieldValues>({
  submitting,
  disabled,
  children,
  form,
  ...props
}: SubmitButtonProps<T>) {
  const ref = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const refused = !!form && !!disabled && !submitting && !form.formState.isValid;
  const problems = useFormProblems(refused ? form : undefined);
  const sentence = problems ? problemsSentence(problems) : '';

  const showFirst = async () => {
    if (!form) return;
    // Every message shows, not only those of the fields already left.
    await form.trigger();
    requestAnimationFrame(() => {
      const first = ref.current?.form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) {
        void form.trigger(undefined, { shouldFocus: true });
        return;
      }
      first.focus({ preventScroll: true });
      // In the middle of the screen, clear of the fixed header, with its label and its message.
      first.scrollIntoView({ block: 'center' });
    });
  };

  return (
    <>
      <Button
        ref={ref}
        type="submit"
        loading={submitting}
        disabled={disabled}
        aria-busy={submitting || undefined}
        aria-describedby={sentence ? hintId : undefined}
        {...props}
      >
        {children}
      </Button>
      {sentence && (
        <p id={hintId} className={classes.hint}>
          {sentence}.{' '}
          <button type="button" className={classes.show} onClick={() => void showFirst()}>
            Show me
          </button>
        </p>
      )}
    </>
  );
}

/** What the form's rules refuse now, followed as its values change; undefined without a form. */
function useFormProblems<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown> | undefined) {
  const [problems, setProblems] = useState<FormProblems | undefined>(undefined);
  useEffect(() => {
    if (!form) {
      setProblems(undefined);
      return;
    }
    let current = true;
    let asked = 0;
    const check = () => {
      const ask = ++asked;
      formProblems(form).then(
        (found) => {
          // Only the newest answer counts: an older check may finish after a newer one.
          if (current && ask === asked) setProblems(found);
        },
        () => {},
      );
    };
    // Its values, and the verdicts that come later (an e-mail address found in use).
    const unsubscribe = form.subscribe({ formState: { values: true, errors: true, isValid: true }, callback: check });
    check();
    return () => {
      current = false;
      unsubscribe();
    };
  }, [form]);
  return problems;
}
