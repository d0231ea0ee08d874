/**
 * @module The reference page's files, loaded once, at the first request that needs them: the
 * module that reads them (and the 1.7 MB it reads) stays out of a server nobody asks for its
 * reference.
 */
import type { ReferenceAssets } from './reference-assets';

let assets: Promise<ReferenceAssets> | undefined;

export function referenceAssets(): Promise<ReferenceAssets> {
  if (!assets) {
    assets = import('./reference-assets').then(({ loadReferenceAssets }) => loadReferenceAssets());
    // A failed read (the package missing) is tried again at the next request rather than kept.
    assets.catch(() => {
      assets = undefined;
    });
  }
  return assets;
}
