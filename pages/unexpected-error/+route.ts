// https://vike.dev/route — the template the server fills in for a 500 answer. The server never
// serves this address itself (src/server/static-site.ts).
export default '/500'
