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

/**
 * A Content-Disposition that makes browsers save the file under the school's own name:
 * a plain-ASCII `filename` for old clients and the exact name as `filename*` (RFC 5987).
 */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
