import type { TOrderFileEntry } from '@portal/contracts/orders';

/** The storage folder of the files schools upload; never served at /uploads/. */
export const ORDER_FILES_FOLDER = 'order-files';

export const orderFileKey = (storedName: string) => `${ORDER_FILES_FOLDER}/${storedName}`;

/** A stored file as every answer lists it: the name the school knows, where to download it, what to remove. */
export function orderFileEntry(fileName: string, storedName: string): TOrderFileEntry {
  return {
    file_name: fileName,
    file_path: `/api/orderfile/${encodeURIComponent(storedName)}`,
    file_path_raw: storedName,
  };
}
