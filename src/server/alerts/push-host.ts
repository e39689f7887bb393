// Where a push may go (decision 040): the push services browsers use are public https hosts
// (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com…). An endpoint on
// this machine or a private network is refused when a device subscribes and again before each
// send (its name is resolved then: a public name may point inside), so a stolen session cannot
// make the server probe internal ports. PUSH_PRIVATE_HOSTS names hosts allowed anyway (the
// tests' local push service).
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

// Two lists: Node's BlockList matches an IPv4 address against IPv6 ranges too (as IPv4-mapped).
const PRIVATE_V4 = new BlockList()
const PRIVATE_V6 = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE_V4.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE_V6.addSubnet(net, prefix, 'ipv6')

/** Whether an IP address is loopback, private, link-local, shared, multicast or unspecified. */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address)
  if (kind === 0) return true
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return PRIVATE_V4.check(mapped[1]!, 'ipv4')
  return kind === 4 ? PRIVATE_V4.check(address, 'ipv4') : PRIVATE_V6.check(address, 'ipv6')
}

/** Why an endpoint is not a public https push service, or null when it is. */
export async function pushEndpointProblem(
  endpoint: string,
  allowedHosts: readonly string[],
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true })).map((a) => a.address),
): Promise<string | null> {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'not a URL'
  }
  if (url.protocol !== 'https:') return 'not https'
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (allowedHosts.includes(host)) return null
  if (host === 'localhost' || host.endsWith('.localhost') || /\.(?:local|internal|home\.arpa)$/.test(host))
    return 'not a public host'
  if (isIP(host)) return isPrivateAddress(host) ? 'not a public host' : null
  let addresses: string[]
  try {
    addresses = await resolve(host)
  } catch {
    return 'its host is not found'
  }
  return addresses.length === 0 || addresses.some(isPrivateAddress) ? 'not a public host' : null
}
