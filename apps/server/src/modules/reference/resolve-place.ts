import { MSG } from '@portal/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { counties, states } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';

/** Turns the state and county names a form sent into ids, refusing names not on the lists. */
export async function resolvePlace(db: Executor, stateName: string, countyName: string) {
  const [state] = await db
    .select({ id: states.id })
    .from(states)
    .where(eq(sql`lower(${states.state_name})`, stateName.toLowerCase()));
  if (!state) throw badRequest(MSG.unknownState, { state: MSG.unknownState });
  const [county] = await db
    .select({ id: counties.id })
    .from(counties)
    .where(and(eq(counties.state_id, state.id), eq(sql`lower(${counties.county_name})`, countyName.toLowerCase())));
  if (!county) throw badRequest(MSG.unknownCounty, { county: MSG.unknownCounty });
  return { state_id: state.id, county_id: county.id };
}
