import { z } from 'zod';
import { STAFF_ROLES } from './admin.ts';
import { successWith } from './envelope.ts';
import { emailField, requiredText } from './fields.ts';
import { MSG } from './messages.ts';
import './zod-messages.ts';

/**
 * The back office's staff accounts (administrators only): who works in the back office,
 * inviting a new administrator or sales representative, disabling and enabling them.
 */

export const StaffAccountRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** 1 active, 0 disabled. */
  status: z.number().int(),
  /** False until the staff member has set a password with the invitation. */
  has_password: z.boolean(),
  last_login_at: z.string().nullable(),
  /** How many sponsors a sales representative looks after (0 for an administrator). */
  sponsors: z.number().int(),
  created_at: z.string(),
});
export type TStaffAccountRow = z.infer<typeof StaffAccountRow>;

/** GET /api/admin/staff */
export const StaffAccountsResponse = successWith({ staff: z.array(StaffAccountRow) });
export type TStaffAccountsResponse = z.infer<typeof StaffAccountsResponse>;

/** POST /api/admin/staff: the account is made without a password; an invitation sets it. */
export const CreateStaffBody = z.object({
  first_name: requiredText(MSG.staffFirstNameRequired, 100),
  last_name: requiredText(MSG.staffLastNameRequired, 100),
  email: emailField(MSG.emailRequired),
  role: z.enum(STAFF_ROLES, { error: MSG.staffRoleRequired }),
});
export type TCreateStaffBody = z.input<typeof CreateStaffBody>;
export const CreateStaffResponse = successWith({ user_id: z.number().int() });
export type TCreateStaffResponse = z.infer<typeof CreateStaffResponse>;

/** POST /api/admin/staff/:id/status */
export const StaffStatusBody = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: MSG.invalidValue }),
});
