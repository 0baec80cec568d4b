import 'maplibre-gl/dist/maplibre-gl.css'
import type { MapView } from '@app/contract'
import {
  AttributionControl,
  type GeoJSONSource,
  Map as MapLibreMap,
  type MapMouseEvent,
  NavigationControl,
  Popup,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'

// The one module that imports MapLibre GL. The map screens load it lazily, so no other screen's bundle
// carries it. Points are drawn from one GeoJSON source with clustering and circle layers (never one DOM
// marker per point), so a map of 1,000 points stays smooth. No text is drawn on the map (the built-in
// offline style has no glyphs): a point's name shows in a popup and in the screen's list.

// Under Vite the worker must be named explicitly, or MapLibre cannot start it.
setWorkerUrl(workerUrl)

export interface CanvasPoint {
  id: string
  name: string
  description: string | null
  latitude: number
  longitude: number
}

export interface MapCanvasHandle {
  view(): MapView
  setView(view: Partial<MapView> & { longitude: number; latitude: number }): void
  flyTo(longitude: number, latitude: number, zoom?: number): void
  /** A PNG of what the map shows now (for printing). */
  image(): string | null
}

interface Props {
  styleUrl: string
  points: readonly CanvasPoint[]
  initialView: MapView | null
  selectedId?: string | null
  /** A click on the map itself (not on a point): where to add one. */
  onMapClick?: (longitude: number, latitude: number) => void
  onPointClick?: (id: string) => void
  crosshair?: boolean
  height: number | string
  /** Shown instead of the map when WebGL is missing. */
  failedText: string
  label: string
}

const SOURCE = 'mp-points'
const COLORS = { point: '#1677ff', cluster: '#3A93F9', stroke: '#ffffff', selected: '#fa541c' }

function toFeatures(points: readonly CanvasPoint[]) {
  return {
    type: 'FeatureCollection' as const,
    features: points.map((p) => ({
      type: 'Feature' as const,
      id: p.id,
      geometry: { type: 'Point' as const, coordinates: [p.longitude, p.latitude] },
      properties: { id: p.id },
    })),
  }
}

function addOverlay(map: MapLibreMap, points: readonly CanvasPoint[], selectedId: string | null) {
  if (map.getSource(SOURCE)) return
  map.addSource(SOURCE, {
    type: 'geojson',
    data: toFeatures(points),
    cluster: true,
    clusterRadius: 40,
    clusterMaxZoom: 13,
  })
  map.addLayer({
    id: 'mp-clusters',
    type: 'circle',
    source: SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': COLORS.cluster,
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 12, 10, 16, 50, 20, 200, 26],
      'circle-stroke-color': COLORS.stroke,
      'circle-stroke-width': 2,
    },
  })
  map.addLayer({
    id: 'mp-point',
    type: 'circle',
    source: SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': ['case', ['==', ['get', 'id'], selectedId ?? ''], COLORS.selected, COLORS.point],
      'circle-radius': 7,
      'circle-stroke-color': COLORS.stroke,
      'circle-stroke-width': 2,
    },
  })
}

function fitTo(map: MapLibreMap, points: readonly CanvasPoint[]) {
  if (points.length === 0) return
  let [west, south, east, north] = [180, 90, -180, -90]
  for (const p of points) {
    west = Math.min(west, p.longitude)
    east = Math.max(east, p.longitude)
    south = Math.min(south, p.latitude)
    north = Math.max(north, p.latitude)
  }
  map.fitBounds(
    [
      [west, south],
      [east, north],
    ],
    { padding: 48, maxZoom: 13, duration: 0 },
  )
}

export const MapCanvas = forwardRef<MapCanvasHandle, Props>(function MapCanvas(props, ref) {
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibreMap | null>(null)
  const popup = useRef<Popup | null>(null)
  const latest = useRef(props)
  latest.current = props
  const [failed, setFailed] = useState(false)

  // Created once; the style, the points and the selection change through effects below.
  useEffect(() => {
    if (!container.current) return
    let map: MapLibreMap
    try {
      const view = latest.current.initialView
      map = new MapLibreMap({
        container: container.current,
        style: latest.current.styleUrl,
        center: view ? [view.longitude, view.latitude] : [105.85, 21.03],
        zoom: view?.zoom ?? 2,
        bearing: view?.bearing ?? 0,
        pitch: view?.pitch ?? 0,
        attributionControl: false,
        // Keeps the last frame readable, for printing the map as an image.
        canvasContextAttributes: { preserveDrawingBuffer: true },
      })
    } catch {
      setFailed(true)
      return
    }
    mapRef.current = map
    map.addControl(new NavigationControl({ visualizePitch: true }), 'top-right')
    map.addControl(new ScaleControl({}), 'bottom-left')
    map.addControl(new AttributionControl({ compact: true }), 'bottom-right')
    map.on('style.load', () => addOverlay(map, latest.current.points, latest.current.selectedId ?? null))
    map.once('load', () => {
      if (!latest.current.initialView) fitTo(map, latest.current.points)
    })
    map.on('click', (event: MapMouseEvent) => {
      const hits = map.getLayer('mp-point')
        ? map.queryRenderedFeatures(event.point, { layers: ['mp-clusters', 'mp-point'] })
        : []
      const hit = hits[0]
      if (hit?.properties?.cluster_id !== undefined) {
        const source = map.getSource<GeoJSONSource>(SOURCE)
        void source?.getClusterExpansionZoom(hit.properties.cluster_id as number).then((zoom) => {
          const [lng, lat] = (hit.geometry as { coordinates: [number, number] }).coordinates
          map.easeTo({ center: [lng, lat], zoom })
        })
        return
      }
      if (hit?.properties?.id) {
        latest.current.onPointClick?.(String(hit.properties.id))
        return
      }
      latest.current.onMapClick?.(event.lngLat.lng, event.lngLat.lat)
    })
    for (const layer of ['mp-clusters', 'mp-point']) {
      map.on('mouseenter', layer, () => {
        map.getCanvas().style.cursor = 'pointer'
      })
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = latest.current.crosshair ? 'crosshair' : ''
      })
    }
    // Tests and the benchmark reach the live map through its element, and see when it has drawn.
    const element = container.current
    Object.assign(element, { maplibreMap: map })
    map.on('dataloading', () => {
      element.dataset.state = 'loading'
    })
    map.on('idle', () => {
      element.dataset.state = 'idle'
    })
    return () => {
      popup.current?.remove()
      map.remove()
      mapRef.current = null
    }
  }, [])

  const shownStyle = useRef(props.styleUrl)
  useEffect(() => {
    const map = mapRef.current
    if (!map || shownStyle.current === props.styleUrl) return
    shownStyle.current = props.styleUrl
    map.setStyle(props.styleUrl)
  }, [props.styleUrl])

  useEffect(() => {
    const map = mapRef.current
    map?.getSource<GeoJSONSource>(SOURCE)?.setData(toFeatures(props.points))
  }, [props.points])

  useEffect(() => {
    const map = mapRef.current
    if (!map) return
    if (map.getLayer('mp-point')) {
      map.setPaintProperty('mp-point', 'circle-color', [
        'case',
        ['==', ['get', 'id'], props.selectedId ?? ''],
        COLORS.selected,
        COLORS.point,
      ])
    }
    popup.current?.remove()
    const point = props.points.find((p) => p.id === props.selectedId)
    if (point) {
      const content = document.createElement('div')
      const title = document.createElement('strong')
      title.textContent = point.name
      content.append(title)
      if (point.description) {
        const text = document.createElement('div')
        text.textContent = point.description
        content.append(text)
      }
      popup.current = new Popup({ closeButton: false, offset: 12, className: 'mp-popup' })
        .setLngLat([point.longitude, point.latitude])
        .setDOMContent(content)
        .addTo(map)
    }
  }, [props.selectedId, props.points])

  useEffect(() => {
    const canvas = mapRef.current?.getCanvas()
    if (canvas) canvas.style.cursor = props.crosshair ? 'crosshair' : ''
  }, [props.crosshair])

  useImperativeHandle(ref, () => ({
    view() {
      const map = mapRef.current
      const center = map?.getCenter()
      const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places
      return {
        longitude: round(center?.lng ?? 0, 6),
        latitude: round(center?.lat ?? 0, 6),
        zoom: round(map?.getZoom() ?? 0, 2),
        bearing: round(map?.getBearing() ?? 0, 1),
        pitch: round(map?.getPitch() ?? 0, 1),
      }
    },
    setView(view) {
      mapRef.current?.jumpTo({
        center: [view.longitude, view.latitude],
        ...(view.zoom !== undefined ? { zoom: view.zoom } : {}),
        ...(view.bearing !== undefined ? { bearing: view.bearing } : {}),
        ...(view.pitch !== undefined ? { pitch: view.pitch } : {}),
      })
    },
    flyTo(longitude, latitude, zoom) {
      mapRef.current?.flyTo({ center: [longitude, latitude], zoom: zoom ?? Math.max(mapRef.current.getZoom(), 12) })
    },
    image() {
      const map = mapRef.current
      if (!map) return null
      map.triggerRepaint()
      try {
        return map.getCanvas().toDataURL('image/png')
      } catch {
        return null
      }
    },
  }))

  if (failed) {
    return (
      <div role="alert" style={{ height: props.height, display: 'grid', placeItems: 'center', padding: 24 }}>
        {props.failedText}
      </div>
    )
  }
  return (
    <div
      ref={container}
      data-testid="map-canvas"
      role="application"
      aria-label={props.label}
      style={{ height: props.height, width: '100%', borderRadius: 8, overflow: 'hidden' }}
    />
  )
})
