import type { TStatesResponse } from '@portal/contracts/geography';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { counties, states } from '../../db/schema/index.ts';

type StatesAndCounties = Pick<TStatesResponse, 'states' | 'counties'>;

/** Every state, and each state's counties by state name, in alphabetical order. */
export async function getStates(db: Database): Promise<StatesAndCounties> {
  const stateRows = await db
    .select({ state_name: states.state_name, state_code: states.state_code })
    .from(states)
    .orderBy(asc(states.state_name));
  const countyRows = await db
    .select({ state_name: states.state_name, county_name: counties.county_name })
    .from(counties)
    .innerJoin(states, eq(states.id, counties.state_id))
    .orderBy(asc(states.state_name), asc(counties.county_name));
  const byState: Record<string, string[]> = Object.fromEntries(stateRows.map((s) => [s.state_name, []]));
  for (const c of countyRows) byState[c.state_name]?.push(c.county_name);
  return { states: stateRows, counties: byState };
}
