import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sponsors, states, users } from '../../db/schema/index.ts';

/** How a sponsor is addressed on its documents, '' (or no line) for what it has not filled in. */
export interface SponsorContact {
  company: string;
  contactName: string;
  email: string;
  phone: string;
  /** The street, then "City, ST 12345"; either left out when unknown. */
  address: string[];
}

/** The sponsor's company, primary contact, login e-mail, phone and postal address. */
export async function sponsorContact(db: Database, sponsorUserId: number): Promise<SponsorContact> {
  const [row] = await db
    .select({
      company: sponsors.business_name,
      contact: sponsors.primary_name,
      primaryPhone: sponsors.primary_phone,
      phone: sponsors.phone_number,
      address: sponsors.address,
      city: sponsors.city,
      state: states.state_code,
      zip: sponsors.zip,
      email: users.email,
    })
    .from(users)
    .leftJoin(sponsors, eq(sponsors.user_id, users.id))
    .leftJoin(states, eq(states.id, sponsors.state_id))
    .where(eq(users.id, sponsorUserId));
  const cityLine = [row?.city, [row?.state, row?.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    company: row?.company ?? '',
    contactName: row?.contact ?? '',
    email: row?.email ?? '',
    phone: row?.primaryPhone || row?.phone || '',
    address: [row?.address ?? '', cityLine].filter(Boolean),
  };
}
