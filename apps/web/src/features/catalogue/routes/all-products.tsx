import { CONTENT_PAGE } from '@portal/contracts/constants';
import { usePageMeta } from '../../../lib/content.ts';
import { useProductSearch } from '../api/catalogue-calls.ts';
import { ProductListing, useListingFilters } from '../components/product-listing.tsx';

/** /products: every product, through the search call with an empty search (spec §2). */
export default function AllProducts() {
  usePageMeta({ pageId: CONTENT_PAGE.products });
  const [filters, setSort] = useListingFilters();
  const query = useProductSearch('', filters);
  return (
    <ProductListing
      title="All Products"
      description="Student planners, dismissal tags, homework folders and more: everything schools can reserve and sponsors can fund."
      query={query}
      filters={filters}
      onSort={setSort}
    />
  );
}
