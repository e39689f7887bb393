// https://vike.dev/route — every page of content/ (and its aliases) lives at one path segment.
// Fixed pages (/admin, /500) take precedence over this parameterized route.
export default '/@slug'
