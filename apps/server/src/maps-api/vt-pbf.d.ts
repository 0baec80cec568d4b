// vt-pbf ships no types; this declares the one function the sample maps API calls.
declare module 'vt-pbf' {
  import type { Tile } from 'geojson-vt'

  /** Encodes geojson-vt tiles, one per layer name, as a Mapbox Vector Tile (protobuf). */
  export function fromGeojsonVt(
    layers: Record<string, Tile>,
    options?: { version?: number; extent?: number },
  ): Uint8Array
}
