import { fileUploadFieldsSchema, type FieldError, type FileUploadFields } from '@codedrop/contract';
import { AppError } from '../../http/app-error.js';
import { resolveExpiry } from '../shares/shares.service.js';

/** The share's fields of an upload, checked, with the expiry it resolves to. */
export type UploadFields = FileUploadFields & { expiresIn: number };

/**
 * Checks an upload's share fields (the multipart fields, the `PUT` query, tus's
 * Upload-Metadata) before a single byte of its file is stored.
 */
export function parseUploadFields(
  raw: Record<string, string>,
  limits: Parameters<typeof resolveExpiry>[1],
): UploadFields {
  const parsed = fileUploadFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'body',
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', errors[0]!.message, { errors });
  }
  const fields = parsed.data;
  return { ...fields, expiresIn: resolveExpiry(fields.expiresInSeconds, limits) };
}
