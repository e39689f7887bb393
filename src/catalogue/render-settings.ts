// The settings a page's render reads: the content folder, the pictures' manifest and the public
// origin. The live site's are the process's environment; a render of another folder (the site
// editor's preview and publish, src/server/editor/*) runs inside `withRenderSettings`, which gives
// that render and everything it awaits its own, while the requests served meanwhile keep reading
// the live site's (Node's AsyncLocalStorage). The pages' server build has its own copy of this
// module, so the store is kept on globalThis under a registered symbol: one store for both copies.
import { AsyncLocalStorage } from 'node:async_hooks'

export type RenderSettings = Partial<Record<'CONTENT_DIR' | 'LONGBAR_IMAGE_MANIFEST' | 'PUBLIC_ORIGIN', string>>

const KEY = Symbol.for('longbar.render-settings')
const holder = globalThis as { [KEY]?: AsyncLocalStorage<RenderSettings> }
const store = (holder[KEY] ??= new AsyncLocalStorage<RenderSettings>())

/** A setting of the render this code runs in, else the process's (the live site's). */
export function renderSetting(name: keyof RenderSettings): string | undefined {
  const own = store.getStore()
  return own && name in own ? own[name] : process.env[name]
}

/** Runs `render` (and all it awaits) with `settings` in place of the live site's. */
export function withRenderSettings<T>(settings: RenderSettings, render: () => T): T {
  return store.run({ ...store.getStore(), ...settings }, render)
}
