/**
 * @module The reference page's files and renderer, loaded once, at the first request that needs
 * them: a server nobody asks for its reference never loads them.
 */
import type { ReferenceAssets } from './reference-assets';
import type { renderReferencePage } from './reference-page';

export interface ReferenceModules {
  readonly assets: ReferenceAssets;
  readonly renderReferencePage: typeof renderReferencePage;
}

let modules: Promise<ReferenceModules> | undefined;

export function referenceModules(): Promise<ReferenceModules> {
  if (!modules) {
    modules = Promise.all([import('./reference-assets'), import('./reference-page')]).then(
      ([{ loadReferenceAssets }, { renderReferencePage }]) => ({ assets: loadReferenceAssets(), renderReferencePage }),
    );
    // A failed import is tried again at the next request rather than kept.
    modules.catch(() => {
      modules = undefined;
    });
  }
  return modules;
}

export async function referenceAssets(): Promise<ReferenceAssets> {
  return (await referenceModules()).assets;
}
