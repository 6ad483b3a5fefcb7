import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the privacy policy and the terms: a title, a date line, numbered sections. */
export function LegalPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container size="md" py={48}>
      <Stack gap="md" className="prose">
        <Title order={1}>{title}</Title>
        {intro}
        {children}
      </Stack>
    </Container>
  );
}

export { LegalSection, P } from '../../../components/legal-section.tsx';
