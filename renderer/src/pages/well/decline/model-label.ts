import type { DeclineSettings } from '#shared/desktop/index.js';

/** The decline models as the panel, the settings and the report name them. */
export const MODEL_LABEL: Record<DeclineSettings['model'], string> = {
  exponential: 'Exponential',
  hyperbolic: 'Hyperbolic',
  harmonic: 'Harmonic',
  'modified-hyperbolic': 'Modified hyperbolic',
};
