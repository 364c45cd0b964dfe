import { z } from 'zod';
import { base64AtLeast, base64Bytes } from './base64.js';
import { authKeySchema, authVerifierSchema, kdfSchema, maxEnvelopeChars } from './envelope.js';
import { isoDate } from './shares.js';

// Live clipboard rooms (docs/api.md#live-rooms): one text kept the same on every device
// that opens the room's code. Edits are whole texts (the last complete edit wins); updates
// come back over Server-Sent Events.

/**
 * An encrypted room's text: AES-256-GCM under the key each device derives once from the
 * password and the room's `kdf`, with a fresh IV for every edit.
 */
export const sealedTextSchema = z.strictObject({
  iv: base64Bytes(12),
  // ciphertext ‖ 16-byte tag, so never shorter than the tag.
  ciphertext: base64AtLeast(16, maxEnvelopeChars),
});
export type SealedText = z.infer<typeof sealedTextSchema>;

/** A device's random id: its own edits come back to it marked as its own. */
export const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A device id is 8 to 64 URL-safe characters');

/** A room's text: plain, or sealed when the room has a password (never both). */
const roomTextFields = {
  text: z.string().optional(),
  sealed: sealedTextSchema.optional(),
};

function checkText(body: { text?: string; sealed?: unknown }, ctx: z.RefinementCtx) {
  if ((body.text === undefined) === (body.sealed === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: 'Send either text or sealed' });
  }
}

export const createRoomBodySchema = z
  .strictObject({
    ...roomTextFields,
    expiresInSeconds: z.number().int().positive().optional(),
    /** With a password: the key derivation every device repeats, and the auth verifier. */
    kdf: kdfSchema.optional(),
    authVerifier: authVerifierSchema.optional(),
  })
  .superRefine((body, ctx) => {
    checkText(body, ctx);
    const encrypted = body.sealed !== undefined;
    if (encrypted !== (body.kdf !== undefined) || encrypted !== (body.authVerifier !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['kdf'],
        message: 'A sealed text goes with kdf and authVerifier, and only it does',
      });
    }
  });
export type CreateRoomBody = z.infer<typeof createRoomBodySchema>;

export const createRoomResponseSchema = z.object({
  code: z.string(),
  createdAt: isoDate,
  expiresAt: isoDate,
  /** Ends the room at once: `DELETE /api/shares/{code}` with it as the Bearer token. */
  deleteToken: z.string(),
  version: z.number().int(),
});
export type CreateRoomResponse = z.infer<typeof createRoomResponseSchema>;

/** What anyone with the code learns before joining. */
export const roomViewSchema = z.object({
  code: z.string(),
  type: z.literal('room'),
  createdAt: isoDate,
  expiresAt: isoDate,
  encrypted: z.boolean(),
  /** An encrypted room's key derivation; null for a plain one. */
  kdf: kdfSchema.nullable(),
  attemptsLeft: z.number().int().nullable(),
  devices: z.number().int(),
  maxDevices: z.number().int(),
});
export type RoomView = z.infer<typeof roomViewSchema>;

export const unlockRoomBodySchema = z.strictObject({ authKey: authKeySchema });

/** The proof of the password, for the event stream and the edits (Bearer). */
export const unlockRoomResponseSchema = z.object({ roomToken: z.string() });
export type UnlockRoomResponse = z.infer<typeof unlockRoomResponseSchema>;

export const roomEditBodySchema = z
  .strictObject({
    ...roomTextFields,
    /** The version the device's text was based on. */
    baseVersion: z.number().int().min(0),
    device: deviceIdSchema,
  })
  .superRefine(checkText);
export type RoomEditBody = z.infer<typeof roomEditBodySchema>;

export const roomEditResponseSchema = z.object({
  version: z.number().int(),
  /** The edit replaced versions its device had not seen. */
  overtook: z.boolean(),
});
export type RoomEditResponse = z.infer<typeof roomEditResponseSchema>;

/** `Authorization: Bearer {roomToken}` for an encrypted room. */
export const roomHeadersSchema = z.object({ authorization: z.string().optional() });

/** The events query: the device that listens, counted among the room's devices. */
export const roomEventsQuerySchema = z.strictObject({ device: deviceIdSchema });

/** `event: text`: the room's text at `version` (its SSE id). */
export const roomTextEventSchema = z.object({
  version: z.number().int(),
  baseVersion: z.number().int(),
  /** The device whose edit this is; null for the text the room was created with. */
  device: z.string().nullable(),
  text: z.string().optional(),
  sealed: sealedTextSchema.optional(),
});
export type RoomTextEvent = z.infer<typeof roomTextEventSchema>;

/** `event: devices`: how many devices are connected now. */
export const roomDevicesEventSchema = z.object({ devices: z.number().int() });

/** `event: ended`: why the room ended; the stream closes after it. */
export const roomEndedEventSchema = z.object({
  reason: z.enum(['expired', 'deleted', 'destroyed', 'quarantined']),
});
export type RoomEndReason = z.infer<typeof roomEndedEventSchema>['reason'];
