import { expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * The code shown on a create page's result card (one run of digits, docs/product.md#result-card).
 */
export async function readResultCode(page: Page): Promise<string> {
  const code = page.locator('[data-share-code]');
  await expect(code).toHaveText(/^\d{4,6}$/);
  return (await code.textContent())!.trim();
}

/** Decodes the result card's QR code image from its pixels, as a phone camera would. */
export async function decodeResultQr(page: Page): Promise<string> {
  const image = page.getByRole('img', { name: /^QR code for / });
  await expect(image).toBeVisible();
  const { width, height, pixels } = await image.evaluate((element) => {
    const img = element as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    return { width: canvas.width, height: canvas.height, pixels: Array.from(data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(pixels), width, height);
  expect(decoded, 'QR code decodes').not.toBeNull();
  return decoded!.data;
}
