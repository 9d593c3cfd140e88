import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { flag, text } from '../core/validation';

/**
 * SPEC §2.3: empty, an absolute http(s) URL, or a path under /uploads/images/. Anything else
 * (`javascript:`, `data:`, a relative path) could run in an admin front end that shows the image.
 */
export function isSafeImageUrl(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return /^\/uploads\/images\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const fields = {
  name: text(1, 255),
  slug: text(1, 255),
  description: text(0, 65535),
  image_url: text(0, 2048).test('image-url', 'must be empty, an http(s) URL or a path under /uploads/images/', (value) =>
    value === undefined || isSafeImageUrl(value),
  ),
  is_active: flag(),
};

export const createGameSchema = bodySchema({ component: 'GameCreateInput', graphql: 'GameInput' }, yup.object({
  name: fields.name.defined('is required'),
  slug: fields.slug.defined('is required'),
  description: fields.description.optional(),
  image_url: fields.image_url.optional(),
  is_active: fields.is_active.optional(),
}));

export type CreateGameInput = Partial<yup.InferType<typeof createGameSchema>>;

/** PUT changes the fields given and keeps the rest. */
export const updateGameSchema = bodySchema({ component: 'GameUpdateInput', graphql: 'GameInput' }, yup.object({
  name: fields.name.optional(),
  slug: fields.slug.optional(),
  description: fields.description.optional(),
  image_url: fields.image_url.optional(),
  is_active: fields.is_active.optional(),
}));

export type UpdateGameInput = yup.InferType<typeof updateGameSchema>;
