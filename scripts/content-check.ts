// `npm run content:check`: validates every record in content/ against schemas/ and against each
// other, and prints what to fix. Exit code 1 when anything is wrong.
import { ContentError } from '../src/catalogue/problems.ts'
import { loadCatalogue } from '../src/catalogue/load.ts'
import { routePaths } from '../src/catalogue/routes.ts'

try {
  const catalogue = loadCatalogue()
  const aliases = routePaths(catalogue).length - catalogue.pages.length
  console.log(`content: OK. ${catalogue.pages.length} pages (${aliases} aliases), ${catalogue.reviews.length} reviews.`)
} catch (error) {
  if (!(error instanceof ContentError)) throw error
  console.error(error.message)
  console.error(
    '\nFix the fields above, then run `npm run content:check` again. docs/content.md explains each kind of page.',
  )
  process.exit(1)
}
