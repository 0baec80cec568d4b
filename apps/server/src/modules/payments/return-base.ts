// Where VNPay and PayPal send the customer back after paying (docs/payments.md "Return address").
// PUBLIC_URL when it is configured. Without it (a development or trial machine), the origin the
// customer started the payment from, so that someone browsing at http://127.0.0.1:3000 does not come
// back at http://localhost:3000, another origin without their session; but only an origin whose host
// is the one the request was sent to (the Host header), never an address a page elsewhere names.

export function returnBase(
  config: { publicUrl: string; publicUrlConfigured: boolean },
  headers: { origin?: string | undefined; host?: string | undefined },
): string {
  if (config.publicUrlConfigured || !headers.origin || !headers.host) return config.publicUrl
  let origin: URL
  try {
    origin = new URL(headers.origin)
  } catch {
    return config.publicUrl
  }
  const isWeb = origin.protocol === 'http:' || origin.protocol === 'https:'
  return isWeb && origin.host.toLowerCase() === headers.host.toLowerCase() ? origin.origin : config.publicUrl
}
