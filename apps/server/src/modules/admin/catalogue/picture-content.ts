/** A picture's kind and size as its own bytes tell them. */
export interface PictureContent {
  ext: 'jpg' | 'png' | 'webp';
  contentType: string;
  width: number;
  height: number;
}

const ascii = (bytes: Buffer, at: number, length: number) => bytes.subarray(at, at + length).toString('latin1');

function pngSize(bytes: Buffer): [number, number] | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || !signature.every((b, i) => bytes[i] === b) || ascii(bytes, 12, 4) !== 'IHDR') return;
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** The frame header (SOF0 to SOF15, less DHT, JPG and DAC) holds the size; the segments before it are skipped. */
function jpegSize(bytes: Buffer): [number, number] | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return;
}

/** The three kinds of WebP: lossy (VP8), lossless (VP8L) and extended (VP8X). */
function webpSize(bytes: Buffer): [number, number] | undefined {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') return [bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') return [bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1];
  return;
}

/**
 * What the bytes are, whatever the file's name says: a JPEG, PNG or WebP picture whose
 * size can be read, or undefined. The size is kept so that pages reserve the picture's room.
 */
export function pictureContent(bytes: Buffer): PictureContent | undefined {
  const kinds = [
    { ext: 'png', contentType: 'image/png', size: pngSize },
    { ext: 'jpg', contentType: 'image/jpeg', size: jpegSize },
    { ext: 'webp', contentType: 'image/webp', size: webpSize },
  ] as const;
  for (const kind of kinds) {
    const size = kind.size(bytes);
    if (size && size[0] > 0 && size[1] > 0) {
      return { ext: kind.ext, contentType: kind.contentType, width: size[0], height: size[1] };
    }
  }
  return;
}
