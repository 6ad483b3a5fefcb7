import type {
  TAdminContentPageResponse,
  TAdminContentPagesResponse,
  TAdminFaqResponse,
  TAdminFaqsResponse,
  TAdminFaqTopicResponse,
  TAdminFaqTopicsResponse,
  TAdminSettingsResponse,
  TAdminTestimonialResponse,
  TAdminTestimonialsResponse,
  TContentPageFields,
  TCreatedResponse,
  TFaqFields,
  TFaqTopicFields,
  TFaqTopicUpdate,
  TFaqUpdate,
  TSettingsUpdate,
  TTestimonialFields,
  TTestimonialUpdate,
} from '@portal/contracts/admin-content';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The back office's calls for content pages, testimonials, FAQs and settings; every change reads them again. */

const KEY = ['account', 'staff', 'content'] as const;
type Ok = { message: string };

const read =
  <T>(path: string, query?: Record<string, string | number | undefined>) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.get<T>(path, query, { signal });

export const useContentPages = () =>
  useQuery({ queryKey: [...KEY, 'pages'], queryFn: read<TAdminContentPagesResponse>('admin/pages') });
export const useContentPage = (id: number) =>
  useQuery({ queryKey: [...KEY, 'pages', id], queryFn: read<TAdminContentPageResponse>(`admin/pages/${id}`) });

export const useTestimonials = () =>
  useQuery({ queryKey: [...KEY, 'testimonials'], queryFn: read<TAdminTestimonialsResponse>('admin/testimonials') });
export const useTestimonial = (id: number) =>
  useQuery({
    queryKey: [...KEY, 'testimonials', id],
    queryFn: read<TAdminTestimonialResponse>(`admin/testimonials/${id}`),
  });

export const useFaqTopics = () =>
  useQuery({ queryKey: [...KEY, 'topics'], queryFn: read<TAdminFaqTopicsResponse>('admin/faq-categories') });
export const useFaqTopic = (id: number) =>
  useQuery({ queryKey: [...KEY, 'topics', id], queryFn: read<TAdminFaqTopicResponse>(`admin/faq-categories/${id}`) });
export const useFaqs = (categoryId: number | undefined) =>
  useQuery({
    queryKey: [...KEY, 'faqs', 'list', categoryId ?? 'all'],
    queryFn: read<TAdminFaqsResponse>('admin/faqs', { category_id: categoryId }),
    placeholderData: keepPreviousData,
  });
export const useFaq = (id: number) =>
  useQuery({ queryKey: [...KEY, 'faqs', id], queryFn: read<TAdminFaqResponse>(`admin/faqs/${id}`) });

export const useSiteSettings = () =>
  useQuery({ queryKey: [...KEY, 'settings'], queryFn: read<TAdminSettingsResponse>('admin/settings') });

/** A change here: afterwards every list and record of this area, and the public site's own reads, are fetched again. */
function useContentChange<TBody, TOut extends Ok = Ok>(call: (body: TBody) => Promise<TOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
        queryClient.invalidateQueries({ queryKey: ['page'] }),
      ]);
    },
  });
}

export const useSaveContentPage = (id: number) =>
  useContentChange((body: TContentPageFields) => api.post<Ok>(`admin/pages/${id}`, body));

export const useCreateTestimonial = () =>
  useContentChange((body: TTestimonialFields) => api.post<TCreatedResponse>('admin/testimonials', body));
export const useSaveTestimonial = (id: number) =>
  useContentChange((body: TTestimonialUpdate) => api.post<Ok>(`admin/testimonials/${id}`, body));
export const useDeleteTestimonial = () =>
  useContentChange((id: number) => api.post<Ok>(`admin/testimonials/${id}/delete`, {}));
export const useOrderTestimonials = () =>
  useContentChange((ids: number[]) => api.post<Ok>('admin/testimonials/order', { ids }));

export const useCreateFaqTopic = () =>
  useContentChange((body: TFaqTopicFields) => api.post<TCreatedResponse>('admin/faq-categories', body));
export const useSaveFaqTopic = (id: number) =>
  useContentChange((body: TFaqTopicUpdate) => api.post<Ok>(`admin/faq-categories/${id}`, body));
export const useDeleteFaqTopic = () =>
  useContentChange((id: number) => api.post<Ok>(`admin/faq-categories/${id}/delete`, {}));
export const useOrderFaqTopics = () =>
  useContentChange((ids: number[]) => api.post<Ok>('admin/faq-categories/order', { ids }));

export const useCreateFaq = () =>
  useContentChange((body: TFaqFields) => api.post<TCreatedResponse>('admin/faqs', body));
export const useSaveFaq = (id: number) =>
  useContentChange((body: TFaqUpdate) => api.post<Ok>(`admin/faqs/${id}`, body));
export const useDeleteFaq = () => useContentChange((id: number) => api.post<Ok>(`admin/faqs/${id}/delete`, {}));
export const useOrderFaqs = () =>
  useContentChange((body: { category_id: number; ids: number[] }) => api.post<Ok>('admin/faqs/order', body));

export const useSaveSettings = () => useContentChange((body: TSettingsUpdate) => api.post<Ok>('admin/settings', body));
