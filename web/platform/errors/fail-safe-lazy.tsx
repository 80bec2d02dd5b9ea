import type { ComponentType, ReactNode } from 'react';

export type LazyRoute = { Component?: ComponentType | null; element?: ReactNode };

/**
 * A route's lazy loader that never rejects: a chunk that fails to load (offline, or replaced by a new
 * version) becomes a component that throws during render, so the route's error element shows the
 * critical error page. A rejected lazy loader leaves react-router with nothing to render: a blank page.
 */
export function failSafeLazy(load: () => Promise<LazyRoute>): () => Promise<LazyRoute> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      return {
        Component: function FailedToLoad(): never {
          throw error;
        },
      };
    }
  };
}
