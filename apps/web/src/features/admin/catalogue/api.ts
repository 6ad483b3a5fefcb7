import type {
  AdminProductsQuery,
  TAdminCategoriesResponse,
  TAdminCategoryResponse,
  TAdminProductImage,
  TAdminProductResponse,
  TAdminProductsResponse,
  TCategoryFields,
  TCreatedResponse,
  TProductFields,
  TUpdateCategoryBody,
  TUpdateProductBody,
} from '@portal/contracts/admin-catalogue';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The back office's calls for the catalogue; every change reads its lists and records again. */

const KEY = ['account', 'staff', 'catalogue'] as const;
type Ok = { message: string };

export function useAdminCategories() {
  return useQuery({
    queryKey: [...KEY, 'categories'],
    queryFn: ({ signal }) => api.get<TAdminCategoriesResponse>('admin/categories', undefined, { signal }),
  });
}

export function useAdminCategory(id: number) {
  return useQuery({
    queryKey: [...KEY, 'category', id],
    queryFn: ({ signal }) => api.get<TAdminCategoryResponse>(`admin/categories/${id}`, undefined, { signal }),
  });
}

export function useAdminProducts(query: z.output<typeof AdminProductsQuery>) {
  return useQuery({
    queryKey: [...KEY, 'products', query],
    queryFn: ({ signal }) => api.get<TAdminProductsResponse>('admin/products', { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProduct(id: number) {
  return useQuery({
    queryKey: [...KEY, 'product', id],
    queryFn: ({ signal }) => api.get<TAdminProductResponse>(`admin/products/${id}`, undefined, { signal }),
  });
}

/** A change: afterwards the catalogue's lists and records, and the records' histories, are read again. */
function useCatalogueChange<TBody, TOut extends Ok = Ok>(call: (body: TBody) => Promise<TOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY.slice(0, 2) }),
  });
}

/** Sends one file (after its fields) to an upload operation of the catalogue. */
function uploadTo<T>(operation: string, file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  // The file goes last, so the server has read the fields when it meets it.
  form.set('file', file, file.name);
  return api.upload<T & Ok>(operation, form, () => {});
}

export const useCreateCategory = () =>
  useCatalogueChange((body: TCategoryFields) => api.post<TCreatedResponse>('admin/categories', body));
export const useUpdateCategory = (id: number) =>
  useCatalogueChange((body: TUpdateCategoryBody) => api.post<Ok>(`admin/categories/${id}`, body));
export const useDeleteCategory = (id: number) =>
  useCatalogueChange(() => api.post<Ok>(`admin/categories/${id}/delete`, {}));
export const useCategoryImage = (id: number) =>
  useCatalogueChange((file: File) => uploadTo<{ url: string }>(`admin/categories/${id}/image`, file));

export const useCreateProduct = () =>
  useCatalogueChange((body: TProductFields) => api.post<TCreatedResponse>('admin/products', body));
export const useUpdateProduct = (id: number) =>
  useCatalogueChange((body: TUpdateProductBody) => api.post<Ok>(`admin/products/${id}`, body));
export const useProductOverview = (id: number) =>
  useCatalogueChange((file: File | null) =>
    file
      ? uploadTo<{ url: string }>(`admin/products/${id}/overview`, file)
      : api.post<Ok>(`admin/products/${id}/overview/remove`, {}),
  );

export const useAddProductImage = (id: number) =>
  useCatalogueChange(({ file, alt }: { file: File; alt: string }) =>
    uploadTo<{ image: TAdminProductImage }>(`admin/products/${id}/images`, file, { alt }),
  );
export const useProductImageAlt = (id: number) =>
  useCatalogueChange(({ imageId, alt }: { imageId: number; alt: string }) =>
    api.post<Ok>(`admin/products/${id}/images/${imageId}`, { alt }),
  );
export const useDeleteProductImage = (id: number) =>
  useCatalogueChange((imageId: number) => api.post<Ok>(`admin/products/${id}/images/${imageId}/delete`, {}));
export const useOrderProductImages = (id: number) =>
  useCatalogueChange((imageIds: number[]) =>
    api.post<Ok>(`admin/products/${id}/images/order`, { image_ids: imageIds }),
  );
