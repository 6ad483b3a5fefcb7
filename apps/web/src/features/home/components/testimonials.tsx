import { Container, SimpleGrid, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTestimonials } from '../api/home-calls.ts';
import classes from './home.module.css';

const TestimonialCarousel = lazy(() => import('./testimonial-carousel.tsx'));

function Placeholder() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-hidden>
      <div className={classes.placeholder} />
      <div className={classes.placeholder} data-from="sm" />
      <div className={classes.placeholder} data-from="md" />
    </SimpleGrid>
  );
}

export function Testimonials() {
  const { data, isPending } = useTestimonials();
  if (!isPending && !data?.length) return null;
  return (
    <Container component="section" size="lg" py={{ base: 48, sm: 72 }} aria-labelledby="testimonials-title">
      <Title order={2} id="testimonials-title" ta="center">
        What schools and sponsors say
      </Title>
      <Text ta="center" c="gray.7" mt="xs" mb="xl">
        Two decades of planners, tags and folders, in their own words.
      </Text>
      {data ? (
        <Suspense fallback={<Placeholder />}>
          <TestimonialCarousel testimonials={data} />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </Container>
  );
}
