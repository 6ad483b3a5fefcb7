import { Skeleton } from '@mantine/core';
import { ROUTES, routePath } from '@portal/contracts/routes';
import { NavLink, useNavigate } from 'react-router';
import { PlainSelect } from '../../../components/plain-select.tsx';
import { useAllCategories } from '../api/catalogue-calls.ts';
import classes from './catalogue.module.css';

/** Every category plus All Products (spec §2). */
function useCategoryLinks() {
  const categories = useAllCategories();
  const links = [
    { label: 'All Products', to: ROUTES.products.path, slug: '', count: undefined as number | undefined },
    ...(categories.data ?? []).map((c) => ({
      label: c.category_name,
      to: routePath('category', { slug: c.category_slug }),
      slug: c.category_slug,
      count: c.total_products,
    })),
  ];
  return { links, pending: categories.isPending };
}

/** The category list beside the products, on wide screens: plain elements with their own styles. */
export function CategorySidebar() {
  const { links, pending } = useCategoryLinks();
  return (
    <div className={classes.sidebar}>
      <h2 className={classes.sidebarTitle}>Categories</h2>
      <nav aria-label="Categories" className={classes.sidebarLinks}>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to} end className={classes.navLink}>
            <span>{l.label}</span>
            {l.count !== undefined && (
              <span className={classes.navCount} aria-hidden>
                {l.count}
              </span>
            )}
          </NavLink>
        ))}
        {pending && [1, 2, 3, 4].map((n) => <Skeleton key={n} height={34} radius="md" aria-hidden />)}
      </nav>
    </div>
  );
}

/** The same choice as a select above the products, on phones. */
export function CategorySelect({ active }: { active?: string }) {
  const { links } = useCategoryLinks();
  const navigate = useNavigate();
  return (
    <PlainSelect
      label="Category"
      value={active ?? ''}
      onChange={(event) =>
        navigate(links.find((l) => l.slug === event.currentTarget.value)?.to ?? ROUTES.products.path)
      }
      options={links.map((l) => ({
        value: l.slug,
        label: l.count === undefined ? l.label : `${l.label} (${l.count})`,
      }))}
    />
  );
}
