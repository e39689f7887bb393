// https://vike.dev/data — the home page is the catalogue record at "/": the catalogue pages'
// own hook, which finds the record at the page's address.
export { data } from '../catalogue/+data.ts'
