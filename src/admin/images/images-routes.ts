import { send } from '@koa/send';
import { createRouter } from '../http/router';
import { AppError } from '../../errors';
import type { AccessGuard } from '../http/access';
import { STORED_IMAGE_NAME, type ImagesService } from './images-service';
import { receiveUpload } from './multipart-upload';

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * Upload: multipart field `file` (see multipart-upload.ts), received into the service's folder for
 * this upload. Serving: only names this service makes; anything else (traversal, encoded slashes) is 404.
 */
export function imagesRoutes(images: ImagesService, guard: AccessGuard) {
  const router = createRouter();

  router.post('/api/images', guard('staff'), async (ctx) => {
    const stored = await images.withIncomingDir(async (dir) => {
      const file = ctx.is('multipart') ? await receiveUpload(ctx.req, { dir, maxBytes: images.maxBytes }) : null;
      if (!file) {
        throw new AppError('VALIDATION_FAILED', 'a multipart field "file" is required', { errors: [{ path: 'file', message: 'is required' }] });
      }
      return images.store(file);
    });
    ctx.status = 201;
    ctx.set('Location', stored.url);
    ctx.body = stored;
  });

  router.get('/uploads/images/:filename', async (ctx) => {
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
  });

  return router;
}
