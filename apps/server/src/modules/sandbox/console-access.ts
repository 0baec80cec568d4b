import type { FastifyRequest } from 'fastify'
import type { Config } from '../../config.ts'

// Who may open the payment sandbox's pages (docs/payments.md "Who may open the sandbox"). Its pages pay,
// capture, refund and replay IPNs with pretend money and no sign-in, so by default (SANDBOX_CONSOLE=
// loopback) only a developer on the machine that runs the server gets them:
// - the server listens on a loopback interface (HOST) and its public address (PUBLIC_URL) is a loopback
//   name: a server published on the network, or behind a reverse proxy with a real domain, is not a
//   developer's own machine;
// - the request's socket comes from a loopback address: the real peer, never X-Forwarded-For, which
//   any client can write (TRUST_PROXY does not change this);
// - and carries no forwarding header: a proxy on the same machine connects from 127.0.0.1, and what it
//   forwards comes from elsewhere.
// SANDBOX_CONSOLE=on opens them to whoever reaches the server (a shared test host); `off` closes them.
// The sandbox's machine API (OAuth, orders, captures, refunds, querydr) stays reachable: it is what the
// server itself calls, in-process, and it takes the sandbox credentials derived from APP_SECRET.

const MACHINE_API = ['/sandbox/paypal/v1/', '/sandbox/paypal/v2/', '/sandbox/vnpay/merchant_webapi/']

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-client-ip']

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.replace(/^::ffff:/i, '')
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain)
}

/** A host name or address that can only mean this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name)
}

/** Whether the server as configured is a developer's own machine (listening and addressed locally). */
export function servesOnlyThisMachine(config: Pick<Config, 'host' | 'publicUrl'>): boolean {
  let publicHost: string
  try {
    publicHost = new URL(config.publicUrl).hostname
  } catch {
    return false
  }
  return isLoopbackHost(config.host) && isLoopbackHost(publicHost)
}

export function sandboxPageAllowed(config: Pick<Config, 'host' | 'publicUrl' | 'sandboxConsole'>, req: FastifyRequest) {
  const path = req.url.split('?')[0] ?? ''
  if (MACHINE_API.some((prefix) => path.startsWith(prefix))) return true
  if (config.sandboxConsole === 'on') return true
  if (config.sandboxConsole === 'off') return false
  return (
    servesOnlyThisMachine(config) &&
    isLoopbackAddress(req.socket.remoteAddress) &&
    !FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)
  )
}
