import { guarded, input, type ResolverMap } from './resolver-types';

/** GraphQL's own way to upload an image (REST takes multipart: images-endpoints.ts). */
export const catalogResolvers: ResolverMap = {
  Mutation: {
    uploadImage: guarded('staff', (args, context, caller) =>
      context.services.images.storeBase64(context.actor(caller), input<{ content_base64?: unknown }>(args).content_base64)),
  },
};
