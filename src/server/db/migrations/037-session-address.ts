// 037: the address a session signed in from (issue 26, step 4: "Your devices" lists each signed-in
// browser with it). Sessions made before have none.
import { addColumns, type KindMigration } from './shared.ts'

export const sessionAddress: KindMigration = {
  name: '037_session_address',
  async up(db, kind) {
    await addColumns(db, kind, 'admin_sessions', [['address', 'text']])
  },
}
