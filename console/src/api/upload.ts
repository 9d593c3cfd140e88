import { ApiError, request } from './client';
import { graphql } from './generated';
import type { UploadedImageFragment } from './generated/graphql';

graphql(`fragment UploadedImage on Image { path url content_type }`);
const UploadImage = graphql(`mutation UploadImage ($input: ImageInput!) { uploadImage(input: $input) { ...UploadedImage } }`);
export type UploadedImage = UploadedImageFragment;

/** Uploads an image through GraphQL's uploadImage (base64), as staff; the server decides its type by its bytes. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const reply = await request(UploadImage, { input: { content_base64: btoa(binary) } });
  if (!reply.uploadImage) throw new ApiError('the server answered without the image', 'INTERNAL');
  return reply.uploadImage;
}
