import { UPLOAD_EXTENSIONS } from '@portal/contracts/order-files';

export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** What each allowed extension is stored and downloaded as; the client's own content type is not trusted. */
export const UPLOAD_CONTENT_TYPES: Record<UploadExtension, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The longest file name shown back, in characters. */
const MAX_NAME = 150;

/**
 * The name of a school's file as it is shown back: the last part of the path a browser
 * or a client may send, without control characters, trimmed, and cut to 150 characters
 * keeping its extension. It is never used to name the stored file (D7).
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const name = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const chars = Array.from(name);
  if (chars.length <= MAX_NAME) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (ext.length > 10) return chars.slice(0, MAX_NAME).join('').trim();
  return `${chars
    .slice(0, MAX_NAME - ext.length)
    .join('')
    .trim()}${ext.join('')}`;
}

/** The file's extension when it is one a school may upload (spec §9), lower-cased. */
export function uploadExtensionOf(fileName: string): UploadExtension | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? (ext as UploadExtension) : undefined;
}

const startsWith = (bytes: Buffer, signature: number[] | string) =>
  typeof signature === 'string'
    ? bytes.subarray(0, signature.length).toString('latin1') === signature
    : signature.every((byte, i) => bytes[i] === byte);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Whether the bytes are what the extension says (D7), by the signature each format
 * starts with. A .docx is a zip archive whose entries sit in a `word/` folder; their names
 * are stored in the clear, so finding one is enough to tell it from any other zip.
 */
export function contentMatches(ext: UploadExtension, bytes: Buffer): boolean {
  switch (ext) {
    case 'pdf':
      return startsWith(bytes, '%PDF-');
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'gif':
      return startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a');
    case 'doc':
      return startsWith(bytes, OLE);
    case 'docx':
      return startsWith(bytes, ZIP) && bytes.includes('word/', 0, 'latin1');
  }
}
