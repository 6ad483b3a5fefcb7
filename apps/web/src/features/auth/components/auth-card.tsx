import { Box, Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the sign-in screens: one card on a quiet band, full width on phones. */
export function AuthCard({
  title,
  intro,
  size = 460,
  children,
}: {
  title: string;
  intro?: ReactNode;
  size?: number;
  children: ReactNode;
}) {
  return (
    <Box bg="gray.0" py={{ base: 'lg', sm: 56 }} px={{ base: 0, xs: 'md' }} className="fills-screen">
      <Container size={size} px={{ base: 'xs', xs: 0 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          {intro && (
            <Text c="gray.7" mt={6}>
              {intro}
            </Text>
          )}
          <Box mt="xl">{children}</Box>
        </Paper>
      </Container>
    </Box>
  );
}
