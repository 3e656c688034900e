import { z } from "zod";
import { text, Timestamp, UuidOut } from "@/lib/http/wire";
import { CursorPage } from "@/lib/http/pagination";

const Name = text().trim().min(1, "must not be empty").max(255);

export const CreateServiceInput = z.strictObject({ name: Name }).meta({ id: "CreateServiceInput" });
export const UpdateServiceInput = z.strictObject({ name: Name }).meta({ id: "UpdateServiceInput" });

export const Service = z
  .strictObject({
    id: UuidOut,
    name: z.string(),
    accountId: UuidOut,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "Service" });

export const ServicePage = CursorPage(Service, "ServicePage");
