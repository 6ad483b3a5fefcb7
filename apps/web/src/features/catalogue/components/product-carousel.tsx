import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { type GalleryImage, GalleryImageView } from './product-gallery.tsx';
import classes from './product-page.module.css';

/** Loaded on its own: only products with several pictures need it. */
export default function ProductCarousel({ images }: { images: GalleryImage[] }) {
  return (
    <Carousel
      aria-label="Product pictures"
      withIndicators
      withControls
      controlSize={36}
      emblaOptions={{ loop: true }}
      className={classes.gallery}
      classNames={{ control: classes.control, indicator: classes.indicator }}
    >
      {images.map((image, index) => (
        <Carousel.Slide key={image.url}>
          <GalleryImageView image={image} eager={index === 0} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
