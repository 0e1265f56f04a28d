import type { Asset } from '../../src/shared/interface';

/**
 * An asset as a service with a bare record sends it (spec 2.7): an id and a name, every
 * descriptive field and the tracker null.
 */
export const bareAsset = (id: number, name: string): Asset => ({
  id,
  name,
  registration: null,
  vin: null,
  make: null,
  model: null,
  year: null,
  tracker: null,
});
