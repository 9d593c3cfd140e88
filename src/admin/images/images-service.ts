import { createdFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors';
import { sniffImageType } from './image-type';
import type { ImageUploadResult } from './images-replies';

/** Stored names: 128 random bits in hex plus the sniffed type's extension. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function createImagesService(options: { uploadDir: string; publicBaseUrl: string; maxBytes: number; store: Pick<Store<never>, 'recordAlone'> }) {
  const imagesDir = path.join(options.uploadDir, 'images');
  const incomingRoot = path.join(options.uploadDir, '.incoming');
  return {
    imagesDir,
    maxBytes: options.maxBytes,

    /**
     * Runs `receive` with a folder of its own for this upload's temporary file, removed afterwards
     * whatever happened, so a refused upload (413, 415) leaves nothing.
     */
    async withIncomingDir<T>(receive: (dir: string) => Promise<T>): Promise<T> {
      const dir = path.join(incomingRoot, randomBytes(8).toString('hex'));
      await mkdir(dir, { recursive: true });
      try {
        return await receive(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    /** An image sent as base64 text (GraphQL's upload): the same size limit and type check as a multipart one. */
    async storeBase64(actor: Actor, content: unknown): Promise<ImageUploadResult> {
      const text = typeof content === 'string' ? content.replace(/\s+/g, '') : content;
      if (typeof text !== 'string' || text === '' || !BASE64.test(text)) {
        const message = text === undefined || text === null ? 'is required' : 'must be base64 text';
        throw new AppError('VALIDATION_FAILED', `content_base64 ${message}`, { errors: [{ path: 'content_base64', message }] });
      }
      const bytes = Buffer.from(text, 'base64');
      if (bytes.length > options.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `the upload is larger than ${options.maxBytes} bytes`);
      return this.withIncomingDir(async (dir) => {
        const file = path.join(dir, 'upload');
        await writeFile(file, bytes);
        return this.store(actor, file);
      });
    },

    /** Keeps an uploaded temporary file as an image when its first bytes say it is one (415 otherwise). */
    async store(actor: Actor, tempPath: string): Promise<ImageUploadResult> {
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
      await options.store.recordAlone(actor, { action: 'image.upload', targetId: name, changes: createdFields({ path: publicPath, content_type: type.mime }) });
      return { name, path: publicPath, url: `${options.publicBaseUrl}${publicPath}`, content_type: type.mime };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
