import { z } from "zod";
import { ROLES } from "./roles";

/** The console's forms, validated with zod as the API's bodies are. */
export const OperatorRoleSchema = z.enum(ROLES);
const Email = z.string().trim().toLowerCase().pipe(z.email("must be an e-mail address").max(254));
/** Long passphrases are fine; the library hashes them (scrypt). */
export const Password = z.string().min(12, "must be at least 12 characters").max(256, "must be at most 256 characters");

export const SignInInput = z.object({ email: Email, password: z.string().min(1, "is required").max(256) });
export const InviteInput = z.object({ email: Email, role: OperatorRoleSchema });
export const AcceptInvitationInput = z.object({
  token: z.string().min(16).max(200),
  name: z.string().trim().min(1, "is required").max(100),
  password: Password,
});
export const ChangeRoleInput = z.object({ userId: z.string().min(1).max(100), role: OperatorRoleSchema });
export const ResetRequestInput = z.object({ email: Email });
export const ResetPasswordInput = z.object({ token: z.string().min(8).max(200), password: Password });
export const CreateOperatorInput = z.object({ email: Email, role: OperatorRoleSchema, accountId: z.uuid("must be an account id").optional() });

export type CreateOperatorInput = z.infer<typeof CreateOperatorInput>;
export type InviteInput = z.infer<typeof InviteInput>;
