import { STAFF_ROLE_OF, type StaffRole } from '@portal/contracts/admin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import { requireStaff } from '../auth/require-user.ts';

/** A signed-in member of the provider's staff and what the role lets them see. */
export interface Staff {
  userId: number;
  email: string;
  role: StaffRole;
}

/** The staff member making the request: 401 signed out, 403 for a school or a sponsor. */
export async function requireStaffMember(ctx: AppContext, request: FastifyRequest): Promise<Staff> {
  const user = await requireStaff(ctx, request);
  const role = STAFF_ROLE_OF[user.usertype];
  if (!role) throw forbidden();
  return { userId: user.userId, email: user.email, role };
}

/** Only an administrator: a sales rep is refused (403). */
export async function requireAdmin(ctx: AppContext, request: FastifyRequest): Promise<Staff> {
  const staff = await requireStaffMember(ctx, request);
  if (staff.role !== 'admin') throw forbidden();
  return staff;
}

/**
 * The sales rep whose records a query is limited to: none for an administrator, who sees
 * everything; the rep's own id for a sales rep, who sees only their sponsors and theirs.
 */
export const repScope = (staff: Staff): number | undefined => (staff.role === 'rep' ? staff.userId : undefined);
