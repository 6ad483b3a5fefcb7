import { SEARCH_MAX } from '@portal/contracts/constants';
import { ROUTES } from '@portal/contracts/routes';
import { IconSearch } from '@tabler/icons-react';
import { type ComponentType, type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import classes from './header-search.module.css';
import type { SearchSuggestionsProps } from './search-suggestions.tsx';

const loadSuggestions = () => import('./search-suggestions.tsx').then((m) => m.SearchSuggestions);

/** The query of the results page, so that the box shows what was searched for. */
function useSearchedFor(): string {
  const { pathname, search } = useLocation();
  return pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
}

/**
 * The header's product search. It starts as a plain input, so that the public layout's
 * first download stays small; the suggestions load the first time it gets focus (or the
 * pointer). Enter opens the results page.
 */
export function HeaderSearch({ id }: { id: string }) {
  const navigate = useNavigate();
  const searchedFor = useSearchedFor();
  const [value, setValue] = useState(searchedFor);
  const [Suggestions, setSuggestions] = useState<ComponentType<SearchSuggestionsProps> | null>(null);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const plainInput = useRef<HTMLInputElement>(null);

  useEffect(() => setValue(searchedFor), [searchedFor]);

  const enhance = () => {
    if (Suggestions) return;
    loadSuggestions()
      .then((component) => {
        // The suggestions bring their own input: keep the caret in the box if it was there.
        setFocusOnMount(document.activeElement === plainInput.current);
        setSuggestions(() => component);
      })
      .catch(() => undefined); // The plain box still searches on Enter.
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    if (q) navigate(`${ROUTES.search.path}?q=${encodeURIComponent(q)}`);
  };

  const inputProps = {
    id,
    type: 'search',
    name: 'q',
    value,
    placeholder: 'Search products',
    'aria-label': 'Search products',
    autoComplete: 'off',
    enterKeyHint: 'search',
    maxLength: SEARCH_MAX,
    className: classes.input,
  } as const;

  return (
    <search aria-label="Products" className={classes.form}>
      {/* The action is the search page: a search sent before the app has started still lands there. */}
      <form action={ROUTES.search.path} onSubmit={onSubmit}>
        <IconSearch size={18} className={classes.icon} aria-hidden />
        {Suggestions ? (
          <Suggestions inputProps={inputProps} onChange={setValue} autoFocus={focusOnMount} />
        ) : (
          <input
            {...inputProps}
            ref={plainInput}
            onChange={(event) => setValue(event.currentTarget.value)}
            onFocus={enhance}
            onPointerEnter={enhance}
          />
        )}
      </form>
    </search>
  );
}
