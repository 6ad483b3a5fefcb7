import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TSearchProductResponse } from '@portal/contracts/catalogue';
import { routePath } from '@portal/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type InputHTMLAttributes, type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import classes from './header-search.module.css';

/** How long typing must pause before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 250;
const MIN_CHARS = 2;

export interface SearchSuggestionsProps {
  inputProps: InputHTMLAttributes<HTMLInputElement> & { value: string };
  onChange: (value: string) => void;
  autoFocus: boolean;
}

function useSuggestions(term: string) {
  const [debounced] = useDebouncedValue(term, SUGGEST_DEBOUNCE_MS);
  const enabled = debounced.length >= MIN_CHARS;
  const query = useQuery({
    queryKey: ['catalogue', 'searchproduct', debounced],
    queryFn: ({ signal }) =>
      api.get<TSearchProductResponse>('searchproduct', { search_term: debounced }, { silent: true, signal }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return {
    products: enabled ? (query.data?.products ?? []) : [],
    waiting: term.length >= MIN_CHARS && (term !== debounced || query.isFetching),
  };
}

/**
 * Quick suggestions under the header's search box (searchproduct), as an ARIA combobox:
 * arrows move through them, Enter or a click opens the product, Escape closes the list,
 * and Enter without a chosen suggestion submits the surrounding form (the results page).
 *
 * Written here rather than with Mantine's Combobox: that one is built on Popover, whose
 * positioning library the layout already imports a piece of, so the whole of it would
 * move into the first download however lazily the Combobox itself was loaded.
 */
export function SearchSuggestions({ inputProps, onChange, autoFocus }: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const listId = useId();
  const term = inputProps.value.trim();
  const { products, waiting } = useSuggestions(term);
  const [open, setOpen] = useState(autoFocus);
  const [active, setActive] = useState(-1);
  const expanded = open && term.length >= MIN_CHARS;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (slug: string) => {
    setOpen(false);
    navigate(routePath('product', { slug }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!products.length) return;
      const last = products.length - 1;
      if (event.key === 'ArrowDown') setActive((current) => (current >= last ? 0 : current + 1));
      else setActive((current) => (current <= 0 ? last : current - 1));
    } else if (event.key === 'Enter') {
      const chosen = expanded ? products[active] : undefined;
      if (chosen) {
        event.preventDefault();
        choose(chosen.product_slug);
      } else setOpen(false);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <>
      <input
        {...inputProps}
        // biome-ignore lint/a11y/noAutofocus: puts the caret back where it was before the suggestions loaded
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && products[active] ? optionId(active) : undefined}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div className={classes.dropdown} hidden={!expanded}>
        <div id={listId} role="listbox" aria-label="Suggestions" className={classes.listbox} tabIndex={-1}>
          {products.map((p, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for its options (aria-activedescendant)
            <div
              key={p.product_id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={classes.option}
              // Keeps the focus in the input, so that the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(p.product_slug)}
            >
              <img
                src={p.product_image}
                srcSet={p.product_image_srcset || undefined}
                sizes="36px"
                alt=""
                width={36}
                height={36}
                className={classes.thumb}
              />
              <span>{p.product_name}</span>
            </div>
          ))}
        </div>
        {products.length === 0 && (
          <div className={classes.empty} role="status">
            {waiting ? (
              <Loader size="xs" aria-label="Searching" />
            ) : (
              'No products found. Press Enter to search everything.'
            )}
          </div>
        )}
      </div>
    </>
  );
}
