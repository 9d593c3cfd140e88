/** The image types accepted, decided by a file's first bytes (never its name or declared type). */
export const IMAGE_TYPES = [
  { ext: 'png', mime: 'image/png', matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', matches: (b: Buffer) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', matches: (b: Buffer) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    mime: 'image/webp',
    matches: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

export type ImageType = (typeof IMAGE_TYPES)[number];

export function sniffImageType(head: Buffer): ImageType | null {
  return IMAGE_TYPES.find((type) => type.matches(head)) ?? null;
}
