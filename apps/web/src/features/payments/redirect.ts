/** Sends the browser to a payment gateway's page (a full navigation, away from the SPA). */
export function redirectTo(url: string) {
  window.location.assign(url)
}
