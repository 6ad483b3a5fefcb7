import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './pay-links.module.css';

export interface PayLinkFact {
  label: string;
  value: ReactNode;
  testId?: string;
  /** The figure that matters most (what is paid now), set larger. */
  strong?: boolean;
}

/** A few labeled figures, two to a row on a phone. */
export function PayLinkFacts({ facts }: { facts: PayLinkFact[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm" component="dl" className={classes.facts}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <Text component="dt" size="sm" c="gray.7">
            {fact.label}
          </Text>
          <Text
            component="dd"
            fw={fact.strong ? 700 : 600}
            fz={fact.strong ? 'lg' : undefined}
            className={classes.value}
            data-testid={fact.testId}
          >
            {fact.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
