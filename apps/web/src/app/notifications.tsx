import { Toaster } from 'sonner';

/**
 * docs/product.md#notifications: bottom right, region "Notifications", Alt+T (sonner's
 * defaults, pinned). Its own module, so sonner loads after the page, not with it.
 */
export default function Notifications() {
  return (
    <Toaster
      position="bottom-right"
      theme="light"
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      richColors
      closeButton
    />
  );
}
