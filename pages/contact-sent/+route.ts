// https://vike.dev/route — where a contact form sent without JavaScript lands once the request
// is stored (POST /api/contact answers 303 See Other to here).
export default '/contact/sent'
