import Supercluster from 'supercluster';

/** The fleet as columns (FleetPositions): slot i is asset ids[i] at (lat[i], lon[i]). */
export interface ClusterSource {
  readonly count: number;
  readonly ids: ArrayLike<number>;
  readonly lat: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
}

interface PointFeature {
  readonly type: 'Feature';
  readonly properties: { assetId: number };
  readonly geometry: { readonly type: 'Point'; coordinates: [number, number] };
}

export type ClusterItem =
  | {
      readonly kind: 'cluster';
      readonly clusterId: number;
      readonly count: number;
      readonly lat: number;
      readonly lon: number;
    }
  | { readonly kind: 'asset'; readonly assetId: number; readonly lat: number; readonly lon: number };

/** Radius in screen pixels within which markers merge: a cluster's disc plus a margin, so discs never overlap. */
const RADIUS_PX = 56;
/** Supercluster measures the radius against this tile extent; Leaflet's tiles are 256 px. */
const EXTENT = 256;

/**
 * Supercluster behind a small, typed face: load the fleet, ask for what is in
 * view at a zoom, and list which assets a cluster holds (docs/architecture.md "The renderer": "how many and which").
 */
export class ClusterAdapter {
  private index: Supercluster<{ assetId: number }, Record<string, never>>;
  /**
   * The GeoJSON Supercluster is fed, one feature per slot, refilled in place at each load: the fleet is
   * re-indexed every second, and 50,000 new objects a second is garbage the frames pay for. Safe since
   * Supercluster copies the coordinates at load and the index that held these features is dropped then.
   */
  private readonly features: PointFeature[] = [];

  /**
   * Indexes the zooms from `minZoom` to `maxZoom`: each level costs a pass over what the level above it
   * left (at 50,000 assets ~15 ms for one city zoom in Node, where almost nothing merges), so an index for
   * a crowded city view is built for the one zoom shown.
   */
  constructor(
    private maxZoom: number,
    private minZoom = 0,
  ) {
    this.index = this.empty();
  }

  /** The zooms the next load indexes; false when they are the ones it has (the index stands). */
  setZooms(minZoom: number, maxZoom: number): boolean {
    if (minZoom === this.minZoom && maxZoom === this.maxZoom) return false;
    this.minZoom = minZoom;
    this.maxZoom = maxZoom;
    return true;
  }

  private empty(): Supercluster<{ assetId: number }, Record<string, never>> {
    const { minZoom, maxZoom } = this;
    return new Supercluster({ radius: RADIUS_PX, extent: EXTENT, minZoom, maxZoom, minPoints: 3 });
  }

  loadColumns(source: ClusterSource): void {
    const features = this.features;
    for (let i = 0; i < source.count; i++) {
      const f = features[i];
      if (f) {
        f.properties.assetId = source.ids[i]!;
        f.geometry.coordinates[0] = source.lon[i]!;
        f.geometry.coordinates[1] = source.lat[i]!;
      } else
        features.push({
          type: 'Feature',
          properties: { assetId: source.ids[i]! },
          geometry: { type: 'Point', coordinates: [source.lon[i]!, source.lat[i]!] },
        });
    }
    features.length = source.count;
    this.index = this.empty();
    this.index.load(features);
  }

  /** bbox is [west, south, east, north] in degrees. */
  query(bbox: readonly [number, number, number, number], zoom: number): ClusterItem[] {
    const features = this.index.getClusters([bbox[0], bbox[1], bbox[2], bbox[3]], Math.floor(zoom));
    return features.map((f): ClusterItem => {
      const [lon, lat] = f.geometry.coordinates as [number, number];
      const props: Record<string, unknown> = f.properties;
      if (props.cluster === true)
        return {
          kind: 'cluster',
          clusterId: Number(props.cluster_id),
          count: Number(props.point_count),
          lat,
          lon,
        };
      return { kind: 'asset', assetId: Number(props.assetId), lat, lon };
    });
  }

  /** The asset ids inside a cluster, at most `limit` of them. */
  members(clusterId: number, limit: number): number[] {
    return this.index.getLeaves(clusterId, limit).map((f) => f.properties.assetId);
  }

  /** One asset of a cluster (which one is Supercluster's affair): enough to tell a stack's cluster. */
  firstMember(clusterId: number): number | undefined {
    return this.index.getLeaves(clusterId, 1)[0]?.properties.assetId;
  }

  /** The zoom at which a cluster splits apart, for "zoom in". */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}
