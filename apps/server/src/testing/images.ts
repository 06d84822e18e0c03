import sharp from 'sharp';

/** A real PNG of `width` × `height` red pixels. */
export function pngOf(width = 1, height = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
}

/** A real JPEG as a phone writes it: camera and GPS position in its EXIF, and a rotation to apply. */
export function phoneJpeg(width = 4, height = 3): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0a0' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 9', Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 2/1 40/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '31/1 14/1 8/1',
      },
    })
    .toBuffer();
}

/** What a stored image holds: its format, size and whether any EXIF is left. */
export async function imageFacts(bytes: Buffer) {
  const { format, width, height, exif } = await sharp(bytes).metadata();
  return { format, width, height, hasExif: exif !== undefined };
}
