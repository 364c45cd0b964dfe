// Plain constants, apart from the schemas: the web app's first page uses them without
// loading zod.

/** The download limit range (docs/product.md#limits). */
export const downloadLimit = { min: 1, max: 100, default: 10 } as const;

/** Devices connected to one live room at once, on every instance together. */
export const maxRoomDevices = 20;

/** Signed download URLs live 300 s (docs/design.md#lifecycle). */
export const downloadUrlSeconds = 300;

/**
 * The server's defaults for what GET /api/config tells the web app, once: the server uses
 * them when a variable is unset, and the web app renders with them until the answer comes.
 */
export const configDefaults = {
  maxFileBytes: 52_428_800,
  /** Files one share may carry; MAX_FILE_BYTES bounds their total. */
  maxFilesPerShare: 20,
  /** UPLOAD_CHUNK_BYTES: the largest chunk of a resumable upload, 8 MiB. */
  uploadChunkBytes: 8_388_608,
  maxTextChars: 100_000,
  maxNoteChars: 500_000,
  codeMinDigits: 4,
  codeMaxDigits: 6,
  expiryChoicesSeconds: [600, 3_600, 21_600, 86_400],
  defaultExpirySeconds: 86_400,
  downloadLimit,
  unlockMaxFailures: 10,
  adsClientId: null,
} as const;
