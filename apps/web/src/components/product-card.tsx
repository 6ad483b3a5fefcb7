import type { TProductCard } from '@portal/contracts/catalogue';
import { routePath } from '@portal/contracts/routes';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './product-card.module.css';

/** The fields a card needs: catalogue cards carry more, quick suggestions fewer. */
type CardProduct = Pick<
  TProductCard,
  'product_slug' | 'product_name' | 'product_image' | 'product_image_srcset' | 'amount'
>;

/**
 * How wide the picture shows, for the browser to pick its copy: listings put two cards in
 * a row on phones and three from 48em, in a column of at most about 960px; tiles are a
 * third of a phone's width and a sixth of a wide window.
 */
const PICTURE_SIZES = {
  card: '(min-width: 48em) 320px, 50vw',
  tile: '(min-width: 62em) 180px, 33vw',
} as const;

interface ProductCardProps {
  product: CardProduct;
  /** 'card' for listings (with Know More), 'tile' for the smaller recently-viewed grid. */
  variant?: 'card' | 'tile';
  headingOrder?: 2 | 3 | 4;
  /** Cards in the first screenful load at once; the rest when scrolled near. */
  eager?: boolean;
}

/**
 * A product as listings show it (spec §2, §3): picture, name, price and a link to its page.
 * The link stretches over the whole card, so that a click anywhere opens the product while
 * screen readers hear one link per card. Plain elements styled by the card's own sheet:
 * listings show dozens of cards, and each component in them is work when the page hydrates.
 */
export function ProductCard({ product, variant = 'card', headingOrder = 3, eager = false }: ProductCardProps) {
  const to = routePath('product', { slug: product.product_slug });
  const tile = variant === 'tile';
  const Heading = `h${headingOrder}` as const;
  return (
    <article className={classes.card} data-variant={variant}>
      <div className={classes.media}>
        <img
          src={product.product_image}
          srcSet={product.product_image_srcset || undefined}
          // A lazy picture is chosen once laid out, by the width it takes ('auto').
          sizes={product.product_image_srcset ? `${eager ? '' : 'auto, '}${PICTURE_SIZES[variant]}` : undefined}
          alt=""
          width={800}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={classes.image}
        />
      </div>
      <div className={classes.body}>
        <Heading className={classes.name}>
          {tile ? (
            <Link to={to} className={classes.stretched}>
              {product.product_name}
            </Link>
          ) : (
            product.product_name
          )}
        </Heading>
        <p className={classes.price}>{product.amount}</p>
        {!tile && (
          <Link to={to} className={`${classes.more} ${classes.stretched}`}>
            Know More<span className="visually-hidden"> about {product.product_name}</span>
            <IconArrowRight size={16} aria-hidden />
          </Link>
        )}
      </div>
    </article>
  );
}
