import { useParams } from 'react-router';
import { NotFoundView } from '../../../components/not-found-view.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { isMissing, useCategoryProducts } from '../api/catalogue-calls.ts';
import { ProductListing, useListingFilters } from '../components/product-listing.tsx';

/** /category/{slug}: the category's banner and its products (spec §2). */
export default function Category() {
  const { slug = '' } = useParams();
  const [filters, setSort] = useListingFilters();
  const query = useCategoryProducts(slug, filters);
  const category = query.data?.pages[0];
  usePageMeta({
    title: category ? category.category_name_seo || category.category_name : undefined,
    description: category ? category.category_description_seo || category.category_description : undefined,
  });

  if (isMissing(query.error)) return <NotFoundView />;
  return (
    <ProductListing
      title={category?.category_name ?? '\u00a0'}
      description={category?.category_description}
      activeCategory={slug}
      query={query}
      filters={filters}
      onSort={setSort}
    />
  );
}
