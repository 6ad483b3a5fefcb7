import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Paper, Stack, Text } from '@mantine/core';
import type { TTestimonialsResponse } from '@portal/contracts/catalogue';
import { ServerHtml } from '../../../components/server-html.tsx';
import { FiveStars } from './five-stars.tsx';
import classes from './testimonial-carousel.module.css';

type Testimonial = TTestimonialsResponse['testimonials'][number];

/** Loaded on its own, after the home page: the carousel code is its largest part. */
export default function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <Carousel
      aria-label="Testimonials"
      slideSize={{ base: '100%', sm: '50%', md: '33.333%' }}
      slideGap="lg"
      emblaOptions={{ align: 'start', loop: testimonials.length > 3 }}
      withIndicators
      controlSize={36}
      classNames={{
        root: classes.carousel,
        indicator: classes.indicator,
        indicators: classes.indicators,
        controls: classes.controls,
        control: classes.control,
      }}
    >
      {testimonials.map((t) => (
        <Carousel.Slide key={`${t.name}-${t.address}`}>
          <Paper component="figure" withBorder radius="lg" p="lg" m={0} h="100%" className={classes.testimonial}>
            <Stack gap="sm" h="100%">
              <FiveStars />
              <ServerHtml as="blockquote" html={t.note} className={classes.quote} />
              <Text component="figcaption" mt="auto">
                <Text component="span" fw={700} display="block">
                  {t.name}
                </Text>
                <Text component="span" size="sm" c="gray.7">
                  {t.address}
                </Text>
              </Text>
            </Stack>
          </Paper>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
