import * as yup from 'yup';
import { flag, text } from '../http/validation';

const fields = {
  name: text(1, 255),
  slug: text(1, 255),
  description: text(0, 65535),
  image_url: text(0, 2048),
  is_active: flag(),
};

export const createGameSchema = yup.object({
  name: fields.name.defined('is required'),
  slug: fields.slug.defined('is required'),
  description: fields.description.optional(),
  image_url: fields.image_url.optional(),
  is_active: fields.is_active.optional(),
});

/** PUT changes the fields given and keeps the rest. */
export const updateGameSchema = yup.object({
  name: fields.name.optional(),
  slug: fields.slug.optional(),
  description: fields.description.optional(),
  image_url: fields.image_url.optional(),
  is_active: fields.is_active.optional(),
});
