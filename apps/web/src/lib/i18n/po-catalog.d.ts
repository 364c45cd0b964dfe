/** A PO catalog imported through Lingui's Vite plugin, compiled to its messages. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
