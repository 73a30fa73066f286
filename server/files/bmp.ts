/**
 * BMP (a banner format of spec 02 §5) decoded to raw RGBA pixels, for the image library (sharp reads no BMP) to encode
 * as PNG. Only uncompressed 24- and 32-bit files (BI_RGB, BI_BITFIELDS with the usual masks), bottom-up or top-down:
 * anything else throws, and the upload is refused as unreadable.
 */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

const MAX_PIXELS = 100_000_000;

export function decodeBmp(file: Buffer): RawImage {
  if (file.length < 54 || file.toString('latin1', 0, 2) !== 'BM') throw new Error('no BMP');
  const offset = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  if (headerSize < 40) throw new Error('BMP core header');
  const width = file.readInt32LE(18);
  const rawHeight = file.readInt32LE(22);
  const bits = file.readUInt16LE(28);
  const compression = file.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || width * height > MAX_PIXELS) throw new Error('BMP size');
  if (!(bits === 24 || bits === 32) || !(compression === 0 || (compression === 3 && bits === 32))) throw new Error('BMP encoding');
  const bytesPerPixel = bits / 8;
  const rowSize = Math.ceil((width * bytesPerPixel) / 4) * 4;
  if (offset + rowSize * height > file.length) throw new Error('BMP truncated');
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const source = offset + (rawHeight > 0 ? height - 1 - y : y) * rowSize;
    for (let x = 0; x < width; x += 1) {
      const from = source + x * bytesPerPixel;
      const to = (y * width + x) * 4;
      data[to] = file[from + 2]!;
      data[to + 1] = file[from + 1]!;
      data[to + 2] = file[from]!;
      data[to + 3] = 255;
    }
  }
  return { data, width, height, channels: 4 };
}
