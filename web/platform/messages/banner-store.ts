// Banners: messages that stay on every page until the page is reloaded (e.g. docs/errors.md version mismatch).
import { createStore } from '../store.ts';

export interface Banner {
  readonly id: string;
  readonly variant: 'error' | 'warning' | 'info';
  readonly content: string;
}

const store = createStore<readonly Banner[]>([]);
// How many in-page banner areas are mounted; without one the banners float at the top of the page.
const areas = createStore(0);

export const banners = { get: store.get, subscribe: store.subscribe };
export const bannerAreas = { get: areas.get, subscribe: areas.subscribe };

/** Shows a banner; a banner with the same id is replaced. */
export function showBanner(banner: Banner): void {
  store.set([...store.get().filter((candidate) => candidate.id !== banner.id), banner]);
}

export function clearBanners(): void {
  store.set([]);
}

/** A page layout that draws the banners in its own flow; returns the function that removes it. */
export function registerBannerArea(): () => void {
  areas.set(areas.get() + 1);
  return () => areas.set(areas.get() - 1);
}
