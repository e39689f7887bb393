// Page sections sit on alternating bands of white and pale grey, so neighbours stay apart.
export type BandTone = 'white' | 'muted'

export const bandClass = (tone: BandTone) => (tone === 'muted' ? 'bg-slate-50' : 'bg-white')
