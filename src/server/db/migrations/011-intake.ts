// 011: intake (docs/decisions/031-intake.md): the ZIP code and its place in the service area, the
// answer to "Is your heating or cooling out right now?" and the time to call back. New columns
// only, all nullable: a row from before reads as "not asked".
import { addColumns, type KindMigration } from './shared.ts'

export const intake: KindMigration = {
  name: '011_intake',
  async up(db, kind) {
    const names = ['zip', 'zip_place', 'out_now', 'callback_time']
    await addColumns(
      db,
      kind,
      'contact_submissions',
      names.map((name) => [name, 'text'] as const),
    )
  },
}
