let device: string | undefined;

/**
 * This page load's device id: random, made once, so that a reload is a new device and two
 * tabs are two. Its own edits come back from the stream marked with it.
 */
export function pageDevice(): string {
  if (device === undefined) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    // base64url: 16 characters of [A-Za-z0-9_-], as the contract's device ids are.
    device = btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_');
  }
  return device;
}
