/**
 * Where ads may appear. The ids are placeholders: an operator replaces them with the slot
 * ids of their own ad account (docs/content.md). Nothing shows without ADS_CLIENT_ID.
 */
export const adSlots = {
  landing: '0000000001',
  content: '0000000002',
} as const;

/** The provider's `data-ad-format` values the slots use. */
export type AdFormat = 'auto' | 'horizontal' | 'rectangle' | 'vertical' | 'fluid';
