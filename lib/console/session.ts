import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { getAuth } from "@/lib/operators/auth";
import { operatorForUser, type ConsoleActor } from "@/lib/operators/service";

export interface ConsoleSession extends ConsoleActor {
  email: string;
  name: string;
}

/** The signed-in operator of this request, or null (no session, an expired one, or a removed operator). */
export async function currentOperator(): Promise<ConsoleSession | null> {
  const h = await headers();
  const session = await (await getAuth()).api.getSession({ headers: h });
  if (!session) return null;
  const op = await operatorForUser(await getReadyDb(), session.user.id);
  if (!op) return null;
  return { userId: op.userId, accountId: op.accountId, role: op.role, email: op.email, name: op.name, requestId: randomUUID() };
}

/** For every console screen and action: the operator, or off to the sign-in form. */
export async function requireOperator(): Promise<ConsoleSession> {
  const op = await currentOperator();
  if (!op) redirect("/console/sign-in");
  return op;
}
