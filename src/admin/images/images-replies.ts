import { enumField, type ReplyOf, replySchema, textField } from '../core/reply-schema';
import { IMAGE_TYPES } from './image-type';

/** What an upload answers (the reply type and OpenAPI component, src/admin/core/reply-schema.ts). */
export const imageReply = replySchema('Image', {
  name: textField(),
  path: textField(),
  url: textField(),
  content_type: enumField(IMAGE_TYPES.map((type) => type.mime)),
});
export type ImageUploadResult = ReplyOf<typeof imageReply>;
