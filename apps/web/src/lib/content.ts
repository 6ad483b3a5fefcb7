import type { TPageResponse } from '@portal/contracts/pages';
import type { TPublicSettings, TSettingsResponse } from '@portal/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client.ts';

const HOUR = 60 * 60 * 1000;

export function useSettings(): TPublicSettings | undefined {
  const { data } = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api.get<TSettingsResponse>('settings', undefined, { silent: true, signal }),
    staleTime: HOUR,
  });
  return data?.settings;
}

export function useContentPage(pageId: number | undefined) {
  return useQuery({
    queryKey: ['page', pageId],
    queryFn: ({ signal }) => api.get<TPageResponse>('page', { page_id: pageId }, { silent: true, signal }),
    enabled: pageId !== undefined,
    staleTime: HOUR,
  });
}

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(selector);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Keeps the document's title and description in step with the screen, from its content
 * page when it has one (the server wrote the same into the first HTML), else from `title`.
 */
export function usePageMeta(options: { pageId?: number; title?: string; description?: string }) {
  const { data } = useContentPage(options.pageId);
  const title = options.title ?? data?.seo_title;
  const description = options.description ?? data?.seo_description;
  useEffect(() => {
    if (title) {
      document.title =
        options.pageId || title.includes('School Planner Savings') ? title : `${title} | School Planner Savings`;
      setMeta('meta[property="og:title"]', 'property', 'og:title', document.title);
    }
    if (description) {
      setMeta('meta[name="description"]', 'name', 'description', description);
      setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    }
  }, [title, description, options.pageId]);
}
