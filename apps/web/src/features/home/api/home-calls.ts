import type { TTestimonialsResponse } from '@portal/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function useTestimonials() {
  return useQuery({
    queryKey: ['content', 'testimonials'],
    queryFn: ({ signal }) => api.get<TTestimonialsResponse>('testimonials', undefined, { silent: true, signal }),
    select: (data) => data.testimonials,
    staleTime: 60 * 60 * 1000,
  });
}
