import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A success or error message in the page. Text stays the body color: Mantine's tinted
 * text on a tinted background falls just short of WCAG AA contrast.
 */
export function Notice({ tone, title, children }: { tone: 'success' | 'error'; title?: string; children: ReactNode }) {
  const Icon = tone === 'success' ? IconCircleCheck : IconAlertCircle;
  return (
    <Alert
      variant="light"
      color={tone === 'success' ? 'teal' : 'red'}
      title={title}
      icon={<Icon size={20} aria-hidden />}
      role={tone === 'success' ? 'status' : 'alert'}
      styles={{ title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Alert>
  );
}
