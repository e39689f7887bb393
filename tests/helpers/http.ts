// Raw HTTP for requests fetch() would tidy up (dot segments, odd encodings).
import net from 'node:net'

export async function rawGet(
  baseUrl: string,
  rawPath: string,
): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${rawPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`)
    })
    let data = ''
    socket.on('data', (c) => (data += c.toString('latin1')))
    socket.on('error', reject)
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), head, body: rest.join('\r\n\r\n') })
    })
  })
}

/** The attribute values of a tag in raw HTML, e.g. attr(html, 'link[rel=canonical]', 'href'). */
export function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  )
}

/** A form sent without JavaScript with problems (no name, a short phone): the server renders /contact for it. */
export const sendFormWithProblems = (baseUrl: string) =>
  fetch(`${baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: 'name=&phone=12',
  })
