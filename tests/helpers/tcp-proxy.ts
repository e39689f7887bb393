// A TCP relay between the server under test and a real service (PostgreSQL), which a fault test
// can cut: every open connection is destroyed and new ones are refused, as when the database
// host goes down; `restore()` brings the path back. The service itself keeps running for the
// other tests on this machine.
import net from 'node:net'

export type TcpProxy = { port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream)
    upstream.pipe(client)
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()))
  await listen(0)
  const port = (server.address() as net.AddressInfo).port
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))
  return {
    port,
    async cut() {
      const closed = stopListening()
      for (const s of sockets) s.destroy()
      await closed
    },
    restore: () => listen(port),
    async close() {
      const closed = stopListening()
      for (const s of sockets) s.destroy()
      await closed
    },
  }
}
