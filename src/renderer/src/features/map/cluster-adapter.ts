import Supercluster from 'supercluster';
import { NO_ALARM } from './alarm-rank';

/** The fleet as columns (FleetPositions): slot i is asset ids[i] at (lat[i], lon[i]). */
export interface ClusterSource {
  readonly count: number;
  readonly ids: ArrayLike<number>;
  readonly lat: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
}

/** What the index keeps of an asset: which it is, and its worst unacknowledged alarm's rank (alarm-rank.ts). */
interface PointProps {
  assetId: number;
  alarm: number;
}

/** What a cluster keeps of its members: the worst alarm's rank among them. */
interface ClusterProps {
  alarm: number;
}

interface PointFeature {
  readonly type: 'Feature';
  readonly properties: PointProps;
  readonly geometry: { readonly type: 'Point'; coordinates: [number, number] };
}

export type ClusterItem =
  | {
      readonly kind: 'cluster';
      readonly clusterId: number;
      readonly count: number;
      readonly lat: number;
      readonly lon: number;
      /** The worst alarm's rank among its members; NO_ALARM when none has one. */
      readonly alarm: number;
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
  private index: Supercluster<PointProps, ClusterProps>;
  /**
   * The GeoJSON Supercluster is fed, one feature per slot, refilled in place at each load: the fleet is
   * re-indexed every second, and 50,000 new objects a second is garbage the frames pay for. Safe since
   * Supercluster copies the coordinates at load and the index that held these features is dropped then.
   */
  private readonly features: PointFeature[] = [];
  /** The features the index was given (a load that keeps some slots only gives it fewer than it holds). */
  private readonly loaded: PointFeature[] = [];

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

  private empty(): Supercluster<PointProps, ClusterProps> {
    const { minZoom, maxZoom } = this;
    // A cluster's alarm is its worst member's: an operator sees that one is inside without opening it.
    return new Supercluster<PointProps, ClusterProps>({
      radius: RADIUS_PX,
      extent: EXTENT,
      minZoom,
      maxZoom,
      minPoints: 3,
      map: (p) => ({ alarm: p.alarm }),
      reduce: (into, p) => {
        if (p.alarm < into.alarm) into.alarm = p.alarm;
      },
    });
  }

  /**
   * Loads the fleet, or with `keep` the slots it keeps only; answers how many were loaded. `alarmOf` ranks
   * an asset's worst unacknowledged alarm (NO_ALARM: none).
   */
  loadColumns(
    source: ClusterSource,
    alarmOf: (assetId: number) => number = () => NO_ALARM,
    keep: (slot: number) => boolean = () => true,
  ): number {
    const features = this.features;
    let k = 0;
    for (let i = 0; i < source.count; i++) {
      if (!keep(i)) continue;
      const f = features[k];
      const assetId = source.ids[i]!;
      if (f) {
        f.properties.assetId = assetId;
        f.properties.alarm = alarmOf(assetId);
        f.geometry.coordinates[0] = source.lon[i]!;
        f.geometry.coordinates[1] = source.lat[i]!;
      } else
        features.push({
          type: 'Feature',
          properties: { assetId, alarm: alarmOf(assetId) },
          geometry: { type: 'Point', coordinates: [source.lon[i]!, source.lat[i]!] },
        });
      k++;
    }
    // The features past those loaded stay for the next load; the index is given the loaded ones only.
    const loaded = this.loaded;
    loaded.length = k;
    for (let j = 0; j < k; j++) loaded[j] = features[j]!;
    this.index = this.empty();
    this.index.load(loaded);
    return k;
  }

  /** bbox is [west, south, east, north] in degrees. */
  query(bbox: readonly [number, number, number, number], zoom: number): ClusterItem[] {
    const features = this.index.getClusters([bbox[0], bbox[1], bbox[2], bbox[3]], Math.floor(zoom));
    return features.map((f): ClusterItem => {
      const [lon, lat] = f.geometry.coordinates as [number, number];
      const props = f.properties;
      if ('cluster' in props)
        return {
          kind: 'cluster',
          clusterId: props.cluster_id,
          count: props.point_count,
          lat,
          lon,
          alarm: props.alarm,
        };
      return { kind: 'asset', assetId: props.assetId, lat, lon };
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
