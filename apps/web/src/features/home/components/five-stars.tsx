import { Group } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

/** Every testimonial shows the same five stars (spec §3). */
export function FiveStars() {
  return (
    <Group gap={2} role="img" aria-label="Rated 5 out of 5 stars" c="yellow.7">
      {[1, 2, 3, 4, 5].map((n) => (
        <IconStarFilled key={n} size={18} aria-hidden data-star />
      ))}
    </Group>
  );
}
