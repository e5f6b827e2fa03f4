import { writeFileSync } from 'node:fs';
import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';

/**
 * Writes a one-frame Y4M video showing a QR code, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`): the scanner reads a real camera stream.
 */
export function writeQrVideo(path: string, text: string, size = 360): void {
  const hints = new Map<EncodeHintType, unknown>([[EncodeHintType.MARGIN, 4]]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, size, size, hints);
  const luma = Buffer.alloc(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) luma[y * size + x] = matrix.get(x, y) ? 0 : 255;
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F30:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(path, Buffer.concat([header, luma, chroma, chroma]));
}
