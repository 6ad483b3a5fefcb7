import { MSG } from '@portal/contracts/messages';
import sharp from 'sharp';
import { badRequest, unsupportedType } from '../../../lib/errors.ts';
import { CARD_PICTURE_WIDTH } from '../../catalogue/product-picture.ts';
import type { PictureContent } from './picture-content.ts';

/** More pixels than this is no product photo (and would take the server's memory to decode). */
export const PICTURE_MAX_PIXELS = 40_000_000;

/** The picture opened for decoding; a file whose first bytes only look like a picture fails when read. */
function openPicture(bytes: Buffer, content: PictureContent) {
  if (content.width * content.height > PICTURE_MAX_PIXELS) throw badRequest(MSG.pictureTooManyPixels);
  return sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' });
}

const refused = () => unsupportedType(MSG.pictureNotAccepted);

/** Decodes the whole picture: what cannot be is refused as no picture. */
export async function checkPictureDecodes(bytes: Buffer, content: PictureContent): Promise<void> {
  await openPicture(bytes, content)
    .stats()
    .catch(() => {
      throw refused();
    });
}

/**
 * The small copy of a picture that product cards load (a WebP CARD_PICTURE_WIDTH wide, as
 * the demo's are), or none when the picture is no wider than that (it is then checked
 * all the same): the cards fall back to the picture itself.
 */
export async function makeCardPicture(
  bytes: Buffer,
  content: PictureContent,
): Promise<{ bytes: Buffer; width: number } | undefined> {
  if (content.width <= CARD_PICTURE_WIDTH) {
    await checkPictureDecodes(bytes, content);
    return undefined;
  }
  const card = await openPicture(bytes, content)
    .rotate()
    .resize({ width: CARD_PICTURE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw refused();
    });
  return { bytes: card.data, width: card.info.width };
}
