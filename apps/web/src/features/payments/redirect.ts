/**
 * Sends the browser to a payment gateway's page (a full navigation, away from the SPA). An object, so
 * that component tests can spy on `redirect.to` whichever test file loaded this module first (the web
 * tests share one module graph per worker, where a `vi.mock` of a module already loaded has no effect).
 */
export const redirect = {
  to(url: string) {
    window.location.assign(url)
  },
}
