import { Button, Group, Loader, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TProductCard } from '@portal/contracts/catalogue';
import { useEffect, useRef } from 'react';
import { ProductCard } from '../../../components/product-card.tsx';

/** How far below the window the next page starts loading. */
const PRELOAD_MARGIN = '0px 0px 600px 0px';
/** Cards in the first screenful load their pictures at once. */
const EAGER_CARDS = 6;

export const GRID_COLS = { base: 2, sm: 3 } as const;

interface ProductGridProps {
  products: TProductCard[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => unknown;
}

export function GridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing={{ base: 'sm', sm: 'lg' }} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} radius="lg" style={{ aspectRatio: '3 / 4' }} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The product cards, with the next page loaded as the end of the list nears (spec §2), and
 * a Load more button for whoever gets there first by keyboard.
 */
export function ProductGrid({
  products,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
}: ProductGridProps) {
  const sentinel = useRef<HTMLDivElement>(null);

  // A fresh observer after every page (isFetchingNextPage goes back to false): its first
  // report says whether the end is still in reach, so a page that does not fill the window
  // is followed by the next one.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isFetchingNextPage || nextPageFailed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) fetchNextPage();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, nextPageFailed, fetchNextPage]);

  return (
    <Stack gap="xl">
      {/* The cards' names are third-level headings: on phones the category list and its heading are elsewhere. */}
      <VisuallyHidden component="h2">Products</VisuallyHidden>
      <SimpleGrid
        component="ul"
        aria-label="Products"
        cols={GRID_COLS}
        spacing={{ base: 'sm', sm: 'lg' }}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {products.map((p, index) => (
          <li key={p.product_id}>
            <ProductCard product={p} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </SimpleGrid>
      <div ref={sentinel} aria-hidden />
      <Group justify="center" mih={40}>
        {isFetchingNextPage && <Loader size="sm" aria-label="Loading more products" />}
        {nextPageFailed && (
          <Stack align="center" gap="xs">
            <Text c="red.9" size="sm" role="alert">
              More products could not be loaded.
            </Text>
            <Button variant="default" onClick={() => fetchNextPage()}>
              Try again
            </Button>
          </Stack>
        )}
        {hasNextPage && !isFetchingNextPage && !nextPageFailed && (
          <Button variant="default" onClick={() => fetchNextPage()}>
            Load more
          </Button>
        )}
      </Group>
    </Stack>
  );
}
