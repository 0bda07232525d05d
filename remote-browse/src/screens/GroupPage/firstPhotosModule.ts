/**
 * The group page's first-photos module as this remote publishes it beside its manifest (FirstPhotosModule in
 * @snapshire/contracts, declared in build/screenData.ts): the plan of the first photos (firstPhotos.ts) and the
 * first render filled with them (firstRenderFill.ts). Bundled on its own: no React, nothing that holds state.
 */
export { planFirstPhotos } from './firstPhotos.ts';
export { fillFirstRender } from './firstRenderFill.ts';
