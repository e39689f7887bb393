export { CataloguePage as default } from './CataloguePage.tsx'
