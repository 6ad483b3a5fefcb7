import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface SubmitButtonProps extends ButtonProps {
  /** A send is running: the button shows a spinner and takes no press. */
  submitting: boolean;
  children: ReactNode;
}

/** The submit button of every form, paired with `useSubmit`. */
export function SubmitButton({ submitting, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" loading={submitting} disabled={disabled} aria-busy={submitting || undefined} {...props}>
      {children}
    </Button>
  );
}
