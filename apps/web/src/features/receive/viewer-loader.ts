import type { ShareViewer } from './share-viewer';

interface ViewerModule {
  ShareViewer: typeof ShareViewer;
}

let loaded: ViewerModule | undefined;

/**
 * The viewer (note sanitizer, decryption, downloads) is not needed until a code is found:
 * it loads with the lookup, and the lookup counts as found only once it is here, so the
 * page goes from the form to the share in one step, without an empty frame between.
 */
export async function loadViewer(): Promise<ViewerModule> {
  loaded ??= await import('./share-viewer');
  return loaded;
}

export function loadedViewer(): ViewerModule | undefined {
  return loaded;
}
