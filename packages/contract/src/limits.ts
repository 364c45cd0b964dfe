// Plain constants, apart from the schemas: the web app's first page uses them without
// loading zod.

/** The download limit range (docs/product.md#limits). */
export const downloadLimit = { min: 1, max: 100, default: 10 } as const;

/** Signed download URLs live 300 s (docs/design.md#lifecycle). */
export const downloadUrlSeconds = 300;
