import { Box, Button, Container, Grid, Stack, Text } from '@mantine/core';
import type { TProductCard } from '@portal/contracts/catalogue';
import { ROUTES } from '@portal/contracts/routes';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import type { ListingFilters, ProductSort } from '../api/catalogue-calls.ts';
import classes from './catalogue.module.css';
import { CategorySelect, CategorySidebar } from './category-nav.tsx';
import { ListingBanner } from './listing-banner.tsx';
import { GridSkeleton, ProductGrid } from './product-grid.tsx';
import { isSort, SortSelect } from './sort-select.tsx';

type ListingPage = { products: TProductCard[]; total_products: number };

/** The sort and brand filter live in the address, so that a listing can be shared and reloaded. */
export function useListingFilters(): [ListingFilters, (sort: ProductSort) => void] {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const filters = { sort: isSort(sort) ? sort : 'newest', brands: params.get('brands') ?? '' } as const;
  const setSort = (next: ProductSort) => {
    // A new order starts again at page 1: show it from its first card.
    window.scrollTo({ top: 0 });
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'newest') updated.delete('sort');
        else updated.set('sort', next);
        return updated;
      },
      { replace: true },
    );
  };
  return [filters, setSort];
}

interface ProductListingProps {
  title: ReactNode;
  description?: ReactNode;
  /** The category shown, if any, for the category list. */
  activeCategory?: string;
  query: UseInfiniteQueryResult<InfiniteData<ListingPage>>;
  filters: ListingFilters;
  onSort: (sort: ProductSort) => void;
  /** What to say when nothing matches. */
  empty?: ReactNode;
}

/** /products, /category/{slug} and the search results (spec §2). */
export function ProductListing({
  title,
  description,
  activeCategory,
  query,
  filters,
  onSort,
  empty,
}: ProductListingProps) {
  const pages = query.data?.pages ?? [];
  const products = pages.flatMap((p) => p.products);
  const total = pages[0]?.total_products ?? 0;

  let body: ReactNode;
  if (query.isPending) body = <GridSkeleton />;
  else if (query.isError && !query.isFetchNextPageError)
    body = <LoadError message={query.error.message} onRetry={() => query.refetch()} />;
  else if (products.length === 0)
    body = (
      <Stack align="center" gap="sm" py={48} ta="center">
        <Text size="lg" fw={600}>
          {empty ?? 'There are no products here yet.'}
        </Text>
        <Button component={Link} to={ROUTES.products.path} variant="light">
          See all products
        </Button>
      </Stack>
    );
  else
    body = (
      <ProductGrid
        products={products}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        nextPageFailed={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
      />
    );

  return (
    <>
      <ListingBanner title={title} description={description} />
      <Container size="lg" py={{ base: 'lg', sm: 40 }}>
        <Grid gap={{ base: 'md', md: 'xl' }}>
          <Grid.Col span={3} visibleFrom="md">
            <CategorySidebar />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="lg">
              <div className={classes.toolbar}>
                <Text c="gray.8" size="sm" aria-live="polite" className={classes.count}>
                  {products.length > 0 && `Showing ${products.length} of ${total} products`}
                </Text>
                <Box hiddenFrom="md">
                  <CategorySelect active={activeCategory} />
                </Box>
                <SortSelect value={filters.sort} onChange={onSort} />
              </div>
              {body}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
