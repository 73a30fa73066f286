/**
 * The cover cropper's stored crop (spec 02 §2 'Banners', §7 `POST /uploadfiles/{id}/crop`): the largest window of the
 * element type's declared ratio (resources/imageRules.ts `cropAspectRatio`) inside an uploaded image, at the cover
 * position the user chose (`positionX`/`positionY`, percent), stored as a new file of the same element type.
 */
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { coverCrop } from '../../resources/imageRules';
import { ApiError } from '../http/errors';
import { t } from '../i18n';
import type { ElementType } from './elementTypes';
import { FILE_FORMATS } from './formats';
import { cleanImage } from './images';
import { fileExtension } from './names';
import { storeFile, type FileRow, type FileServices, type UploadedFileResponse } from './upload';

export async function cropImage(
  services: FileServices,
  elementType: ElementType,
  row: FileRow,
  position: { positionX: number; positionY: number },
  createdBy: number | null,
): Promise<UploadedFileResponse> {
  const ratio = elementType.imageRules?.cropAspectRatio;
  const format = FILE_FORMATS[row.extension]?.image;
  if (!ratio || !row.isImage || !format || format === 'svg' || format === 'bmp') {
    throw new ApiError(400, 'BadArgument', t('files.errors.not_croppable'), [{ code: 'BadArgument', target: 'fileID', message: t('files.errors.not_croppable') }]);
  }
  const stream = await services.storage.get(row.storageKey);
  if (!stream) throw new ApiError(404, 'NotFound', t('files.errors.file_not_found'));
  const original = await buffer(stream);
  const { width = 0, height = 0 } = await sharp(original).metadata();
  const area = coverCrop(width, height, ratio, position.positionX, position.positionY);
  const cropped = await sharp(original).extract(area).toBuffer();
  const image = await cleanImage(cropped, format);
  const base = row.name.slice(0, row.name.length - fileExtension(row.name).length - 1) || 'imagen';
  return storeFile(services, elementType, { name: `${base}-recorte.${image.original.extension}`, extension: image.original.extension, size: image.original.data.length, path: null }, image, createdBy);
}
