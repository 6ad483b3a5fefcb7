import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/content.ts';
import { useProductSearch } from '../api/catalogue-calls.ts';
import { ProductListing, useListingFilters } from '../components/product-listing.tsx';

/** /search?q=…: what the header's search box found (advancesearch), listed like /products. */
export default function SearchResults() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [filters, setSort] = useListingFilters();
  const query = useProductSearch(q, filters);
  usePageMeta({ title: q ? `Search results for “${q}”` : 'Search Results' });
  return (
    <ProductListing
      title={q ? `Search results for “${q}”` : 'Search Results'}
      description={q ? undefined : 'Type a product name in the search box to narrow the list.'}
      query={query}
      filters={filters}
      onSort={setSort}
      empty={`No products match “${q}”.`}
    />
  );
}
