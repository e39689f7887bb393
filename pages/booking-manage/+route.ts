// https://vike.dev/route — the page of a customer's booking link. The server renders it at this
// address for /booking/<token> (src/server/booking/page.ts); nothing links here, and the server
// answers /booking/manage itself as a link that is not valid.
export default '/booking/manage'
