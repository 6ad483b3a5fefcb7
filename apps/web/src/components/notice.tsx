import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Tone = 'success' | 'info' | 'error';

const TONES: Record<Tone, { color: string; Icon: typeof IconAlertCircle; role: 'status' | 'alert' }> = {
  success: { color: 'teal', Icon: IconCircleCheck, role: 'status' },
  info: { color: 'blue', Icon: IconInfoCircle, role: 'status' },
  error: { color: 'red', Icon: IconAlertCircle, role: 'alert' },
};

/**
 * A success, information or error message in the page. Text stays the body color:
 * Mantine's tinted text on a tinted background falls just short of WCAG AA contrast.
 */
export function Notice({ tone, title, children }: { tone: Tone; title?: string; children: ReactNode }) {
  const { color, Icon, role } = TONES[tone];
  return (
    <Alert
      variant="light"
      color={color}
      title={title}
      icon={<Icon size={20} aria-hidden />}
      role={role}
      styles={{ title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Alert>
  );
}
