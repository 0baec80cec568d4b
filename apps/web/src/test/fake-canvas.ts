import { vi } from 'vitest'

// jsdom has no canvas drawing. Chart.js given no context half-builds a chart that then fails on its
// first update, so the chart screens' tests get a 2D context that accepts every call and draws nothing.
// The charts are checked through their accessible names instead.

const returns: Record<string, () => unknown> = {
  measureText: () => ({ width: 10, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 }),
  getImageData: () => ({ data: new Uint8ClampedArray(4) }),
  createImageData: () => ({ data: new Uint8ClampedArray(4) }),
  createLinearGradient: () => ({ addColorStop: () => {} }),
  createRadialGradient: () => ({ addColorStop: () => {} }),
  createPattern: () => ({}),
  getLineDash: () => [],
  getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
  isPointInPath: () => false,
}

function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { canvas }
  return new Proxy(state, {
    get: (target, name) => {
      if (name in target) return target[name]
      if (typeof name === 'string' && name in returns) return returns[name]
      return () => {}
    },
    set: (target, name, value) => {
      target[name] = value
      return true
    },
  }) as unknown as CanvasRenderingContext2D
}

/** Call in beforeEach; vi.restoreAllMocks() removes it. */
export function installFakeCanvas() {
  const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>()
  function getContext(this: HTMLCanvasElement) {
    const context = contexts.get(this) ?? fakeContext(this)
    contexts.set(this, context)
    return context
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    getContext as unknown as typeof HTMLCanvasElement.prototype.getContext,
  )
}
