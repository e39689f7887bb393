export { CataloguePage as default } from '../catalogue/CataloguePage.tsx'
