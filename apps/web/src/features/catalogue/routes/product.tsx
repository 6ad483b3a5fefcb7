import { Anchor, Breadcrumbs, Container, Grid, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TProductCard, TProductDetails, TProductInfoResponse } from '@portal/contracts/catalogue';
import { routePath } from '@portal/contracts/routes';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { LoadError } from '../../../components/page-states.tsx';
import { ProductCard } from '../../../components/product-card.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { toastError } from '../../../lib/toast.tsx';
import { isMissing, useProductInfo, useRecordVisit } from '../api/catalogue-calls.ts';
import { LoginChoices, LoginRequiredModal } from '../components/login-required-modal.tsx';
import { ProductAction } from '../components/product-action.tsx';
import { type GalleryImage, ProductGallery } from '../components/product-gallery.tsx';
import { ProductLinks, ProductOffers, ProductSections } from '../components/product-info.tsx';
import classes from '../components/product-page.module.css';

const isFull = (product: TProductDetails | TProductCard): product is TProductDetails => 'product_desc' in product;

function galleryOf(info: TProductInfoResponse): GalleryImage[] {
  if (info.product_images.length) return info.product_images;
  const { product } = info;
  const url = isFull(product) ? product.image : product.product_image;
  return [{ url, width: 800, height: 800, alt: product.product_name }];
}

function ProductSkeleton() {
  return (
    <Grid gap={{ base: 'lg', md: 48 }} aria-busy="true" aria-label="Loading">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton radius="lg" style={{ aspectRatio: '1' }} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Skeleton height={40} width="80%" />
          <Skeleton height={32} width={120} />
          <Skeleton height={50} width={180} />
          <Skeleton height={200} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function SimilarProducts({ products }: { products: TProductCard[] }) {
  if (!products.length) return null;
  return (
    <Stack component="section" gap="lg" mt={{ base: 48, sm: 72 }} aria-labelledby="similar-title">
      <Title order={2} id="similar-title">
        Similar products
      </Title>
      <SimpleGrid
        component="ul"
        aria-labelledby="similar-title"
        cols={{ base: 2, sm: 4 }}
        spacing={{ base: 'sm', sm: 'lg' }}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {products.map((p) => (
          <li key={p.product_id}>
            <ProductCard product={p} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /product/{slug} (spec §2). */
export default function Product() {
  const { slug = '' } = useParams();
  const info = useProductInfo(slug);
  const product = info.data?.product;
  const full = product && isFull(product) ? product : undefined;
  usePageMeta({
    title: full?.seo_title || product?.product_name,
    description: full?.seo_description || undefined,
  });
  useRecordVisit(product?.product_id);

  const missing = isMissing(info.error);
  useEffect(() => {
    if (missing && info.error) toastError(info.error.message);
  }, [missing, info.error]);

  // No such product: the visitor goes home (spec §2, §8).
  if (missing) return <Navigate to="/" replace />;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      {info.isError ? (
        <LoadError message={info.error.message} onRetry={() => info.refetch()} />
      ) : !info.data || !product ? (
        <ProductSkeleton />
      ) : (
        <>
          {full && (
            <Breadcrumbs mb="lg" separatorMargin={6} aria-label="Breadcrumb">
              <Anchor component={Link} to="/" size="sm">
                Home
              </Anchor>
              <Anchor component={Link} to={routePath('category', { slug: full.category_slug })} size="sm">
                {full.product_category}
              </Anchor>
              <Text size="sm" c="gray.7" aria-current="page">
                {full.product_name}
              </Text>
            </Breadcrumbs>
          )}
          <Grid gap={{ base: 'lg', md: 48 }}>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ProductGallery key={slug} images={galleryOf(info.data)} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="lg">
                <div>
                  <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.2}>
                    {product.product_name}
                  </Title>
                  <Text className={classes.price} mt="xs">
                    {product.amount}
                  </Text>
                </div>
                {info.data.restricted ? (
                  <Paper withBorder radius="md" p="lg">
                    <Stack gap="md">
                      <Text>
                        This product is available to signed-in schools and sponsors. Log in to see its details.
                      </Text>
                      <LoginChoices />
                    </Stack>
                    <LoginRequiredModal />
                  </Paper>
                ) : (
                  <ProductAction product={product} />
                )}
                {full && <ProductLinks product={full} />}
                <ProductOffers offers={info.data.offers} />
                {full && <ProductSections product={full} />}
              </Stack>
            </Grid.Col>
          </Grid>
          <SimilarProducts products={info.data.similar_products} />
        </>
      )}
    </Container>
  );
}
