import { randomBytes } from 'node:crypto';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors';
import { sniffImageType } from './image-type';

export interface ImageUploadResult {
  name: string;
  path: string;
  url: string;
  content_type: string;
}

/** Stored names: 128 random bits in hex plus the sniffed type's extension. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export function createImagesService(options: { uploadDir: string; publicBaseUrl: string }) {
  const imagesDir = path.join(options.uploadDir, 'images');
  return {
    imagesDir,
    /** Keeps an uploaded temporary file as an image when its first bytes say it is one (415 otherwise). */
    async store(tempPath: string): Promise<ImageUploadResult> {
      const file = await open(tempPath, 'r');
      const head = Buffer.alloc(16);
      try {
        await file.read(head, 0, 16, 0);
      } finally {
        await file.close();
      }
      const type = sniffImageType(head);
      if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'the file is not a PNG, JPEG, GIF or WebP image');
      const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await mkdir(imagesDir, { recursive: true });
      await rename(tempPath, path.join(imagesDir, name));
      const publicPath = `/uploads/images/${name}`;
      return { name, path: publicPath, url: `${options.publicBaseUrl}${publicPath}`, content_type: type.mime };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
