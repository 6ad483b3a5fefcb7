import type { TProductInfoResponse } from '@portal/contracts/catalogue';
import { lazy, Suspense } from 'react';
import classes from './product-page.module.css';

export type GalleryImage = TProductInfoResponse['product_images'][number];

const ProductCarousel = lazy(() => import('./product-carousel.tsx'));

export function GalleryImageView({ image, eager }: { image: GalleryImage; eager?: boolean }) {
  return (
    <img
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      // The first picture is what a visitor came to see: it goes before the scripts.
      fetchPriority={eager ? 'high' : 'auto'}
      className={classes.galleryImage}
    />
  );
}

/**
 * The product's pictures (spec §2): one picture alone, several in a carousel with arrows
 * and indicators. The carousel code loads only for the latter, behind the first picture.
 */
export function ProductGallery({ images }: { images: GalleryImage[] }) {
  const [first] = images;
  if (!first) return <div className={classes.gallery} />;
  const still = (
    <div className={classes.gallery}>
      <GalleryImageView image={first} eager />
    </div>
  );
  if (images.length === 1) return still;
  return (
    <Suspense fallback={still}>
      <ProductCarousel images={images} />
    </Suspense>
  );
}
