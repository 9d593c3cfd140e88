import { gql } from './client';

export interface UploadedImage {
  readonly path: string;
  readonly url: string;
  readonly content_type: string;
}

/** Uploads an image through GraphQL's uploadImage (base64), as staff; the server decides its type by its bytes. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const reply = await gql<{ uploadImage: UploadedImage }>('mutation UploadImage ($input: ImageInput!) { uploadImage(input: $input) { path url content_type } }', {
    input: { content_base64: btoa(binary) },
  });
  return reply.uploadImage;
}
