import sharp from 'sharp';

export function jpegBytes(width = 320, height = 240, color = '#8a5a3c'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export function pngBytes(width = 200, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#336699' } })
    .png()
    .toBuffer();
}
