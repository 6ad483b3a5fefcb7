import { Paper, SimpleGrid, type SimpleGridProps, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import classes from './dashboard-tiles.module.css';

export interface DashboardTile {
  title: string;
  description: string;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/**
 * The dashboard's tiles (spec §2): each one link, named by its title and described by its
 * line. `current`, when given, is the tile whose content the page shows.
 */
export function DashboardTiles({
  tiles,
  current,
  cols = { base: 1, xs: 2, md: 4 },
}: {
  tiles: DashboardTile[];
  current?: string;
  /** Tiles a row, by breakpoint: four on a wide dashboard by default. */
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid cols={cols} spacing="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {tiles.map(({ title, description, to, icon: Icon }) => (
        <li key={to}>
          <Paper
            component={Link}
            to={to}
            withBorder
            radius="lg"
            p="lg"
            className={classes.tile}
            aria-current={current === to ? 'page' : undefined}
          >
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              <Icon size={26} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={700} fz="lg">
                {title}
              </Text>
              <Text size="sm" c="gray.7" mt={2}>
                {description}
              </Text>
            </div>
          </Paper>
        </li>
      ))}
    </SimpleGrid>
  );
}
