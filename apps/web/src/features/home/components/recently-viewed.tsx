import { Container, SimpleGrid, Title } from '@mantine/core';
import { ProductCard } from '../../../components/product-card.tsx';
import { useRecentProducts } from '../../../lib/recent-products.ts';

/** The products this visitor opened lately (spec §2); hidden until there are some. */
export function RecentlyViewed() {
  const { data: products } = useRecentProducts();
  if (!products?.length) return null;
  return (
    <Container component="section" size="lg" py={{ base: 40, sm: 56 }} aria-labelledby="recent-title">
      <Title order={2} id="recent-title" mb="lg">
        Recently viewed
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 2, xs: 3, md: 6 }}
        spacing={{ base: 'sm', sm: 'md' }}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="recent-title"
      >
        {products.map((p) => (
          <li key={p.product_id}>
            <ProductCard product={p} variant="tile" />
          </li>
        ))}
      </SimpleGrid>
    </Container>
  );
}
