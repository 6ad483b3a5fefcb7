import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './catalogue.module.css';

/** The listing's banner: the category title and description (spec §2). */
export function ListingBanner({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <section className={classes.banner}>
      <Container size="lg" py={{ base: 28, sm: 48 }}>
        <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
          {title}
        </Title>
        {description && (
          <Text size="lg" mt="sm" maw={720} className={classes.bannerText}>
            {description}
          </Text>
        )}
      </Container>
    </section>
  );
}
