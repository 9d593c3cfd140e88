import { send } from '@koa/send';
import { AppError } from '../../errors';
import { requestActor } from '../core/actor';
import { endpoint, made } from '../http/endpoint';
import { STORED_IMAGE_NAME } from './images-service';
import { receiveUpload } from './multipart-upload';
import { imageReply } from './images-replies';

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * Upload: multipart field `file` (see multipart-upload.ts), received into the service's folder for
 * this upload (GraphQL's uploadImage takes base64 instead: images-service.ts). Serving: only names
 * this service makes; anything else (traversal, encoded slashes) is 404.
 */
export const imagesEndpoints = [
  endpoint({
    method: 'post', path: '/api/images', tag: 'images', summary: 'Upload an image (PNG, JPEG, GIF or WebP, by its first bytes)', access: 'staff', game: 'none',
    body: 'multipart', ok: made(imageReply),
    description: 'Multipart field `file`; the whole body is held to MAX_UPLOAD_BYTES (413). Any other type is 415.',
    koa: async (ctx, { images }) => {
      const stored = await images.withIncomingDir(async (dir) => {
        const file = ctx.is('multipart') ? await receiveUpload(ctx.req, { dir, maxBytes: images.maxBytes }) : null;
        if (!file) {
          throw new AppError('VALIDATION_FAILED', 'a multipart field "file" is required', { errors: [{ path: 'file', message: 'is required' }] });
        }
        return images.store(requestActor(ctx.state.user, ctx.state.requestId, ctx.state.clientAddress), file);
      });
      ctx.status = 201;
      ctx.set('Location', stored.url);
      ctx.body = stored;
    },
  }),
  endpoint({
    method: 'get', path: '/uploads/images/{filename}', tag: 'images', summary: 'A stored image', access: 'public',
    ok: { status: 200, type: 'image/*', body: { type: 'string', contentMediaType: 'image/*' }, description: 'The file, with a long Cache-Control.' },
    koa: async (ctx, { images }) => {
      const name = ctx.params.filename ?? '';
      if (!STORED_IMAGE_NAME.test(name)) throw new AppError('NOT_FOUND', 'no such image');
      try {
        await send(ctx, name, {
          root: images.imagesDir,
          maxage: ONE_YEAR_S * 1000,
          immutable: true,
          setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
        });
      } catch {
        throw new AppError('NOT_FOUND', 'no such image');
      }
    },
  }),
];
