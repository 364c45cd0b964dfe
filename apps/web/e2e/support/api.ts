import { expect, type APIRequestContext } from '@playwright/test';

export interface CreatedShare {
  code: string;
  createdAt: string;
  expiresAt: string;
}

interface TextShareOptions {
  burnAfterReading?: boolean;
  expiresInSeconds?: number;
}

/** Creates a clipboard share through the real API and returns its code. */
export async function createClipboardShare(
  request: APIRequestContext,
  content: string,
  options: TextShareOptions = {},
): Promise<CreatedShare> {
  return createShare(request, { type: 'clipboard', content, ...options });
}

/** Creates a notepad share (note HTML) through the real API. */
export async function createNoteShare(
  request: APIRequestContext,
  html: string,
  options: TextShareOptions = {},
): Promise<CreatedShare> {
  return createShare(request, { type: 'notepad', content: html, ...options });
}

async function createShare(request: APIRequestContext, body: object): Promise<CreatedShare> {
  const response = await request.post('/api/shares', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedShare;
}

/** Uploads a file share through the real API (fields before the file part, docs/api.md). */
export async function createFileShare(
  request: APIRequestContext,
  file: { name: string; mimeType: string; buffer: Buffer },
  maxDownloads: number,
): Promise<CreatedShare & { fileName: string; fileSize: number; maxDownloads: number }> {
  const response = await request.post('/api/files', {
    multipart: { maxDownloads: String(maxDownloads), file },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedShare & {
    fileName: string;
    fileSize: number;
    maxDownloads: number;
  };
}

/** A code no share has: digits of the maximum length, chosen at random. */
export function unusedCode(): string {
  return String(Math.floor(Math.random() * 900_000) + 100_000);
}
