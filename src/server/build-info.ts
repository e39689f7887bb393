// What the build tells the server (dist/build-info.json, written by scripts/postbuild.ts): the
// business's name and phone and the contact form's copy, so the server's answers say exactly
// what the pages say, from the same content records.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { ContactFormBlock } from '../catalogue/types.gen.ts'

export type BuildInfo = {
  publicOrigin: string
  builtAt: string
  business: { name: string; phone: { display: string; e164: string }; email: string }
  contactForm: ContactFormBlock
}

/** Reads the build info beside the built site (`<dist>/build-info.json` for `<dist>/client`). */
export function loadBuildInfo(distDir: string): BuildInfo {
  const file = path.join(path.dirname(distDir), 'build-info.json')
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildInfo
  } catch (error) {
    throw new Error(`${file} is missing or unreadable: run \`npm run build\` first. (${(error as Error).message})`)
  }
}
