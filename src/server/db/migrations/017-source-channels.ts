// 017: the stored requests' sources as channels (src/lead/channels.ts): "Facebook / social",
// "fb" and a link from facebook.com all become "Facebook", "newsletter / email" becomes "E-mail",
// so the inbox's source filter and the Sources report show one row per channel. Recomputed from
// what each request kept of its arrival (its campaign, click id and referrer), with the channel
// table as it stood when this migration shipped; later requests are labelled when they arrive.
import { sql } from 'kysely'
import { sourceOf } from '../../../lead/attribution.ts'
import type { KindMigration } from './shared.ts'

type Arrival = {
  id: string
  source: string | null
  utm_source: string | null
  utm_medium: string | null
  click_id_type: string | null
  referrer: string | null
}

export const sourceChannels: KindMigration = {
  name: '017_source_channels',
  async up(db) {
    const { rows } = await sql<Arrival>`select id, source, utm_source, utm_medium, click_id_type, referrer
      from contact_submissions where source is not null
        and (utm_source is not null or click_id_type is not null or referrer is not null)`.execute(db)
    for (const row of rows) {
      const source = sourceOf({ ...row, clickIdType: row.click_id_type })
      if (source !== row.source)
        await sql`update contact_submissions set source = ${source} where id = ${row.id}`.execute(db)
    }
  },
}
