import { useMutation } from '@tanstack/react-query';
import type { ContactValues } from '../../../components/contact-form.tsx';
import { api } from '../../../lib/api-client.ts';

/** POST addenquiry: stores the message and e-mails the provider's staff (D8). */
export function useSendEnquiry() {
  return useMutation({
    mutationFn: (body: ContactValues) => api.post<{ message: string }>('addenquiry', body),
    // The thank-you replaces the form; start reading it from the top of the page.
    onSuccess: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
  });
}
