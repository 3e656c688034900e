import { unknownOperation } from "@/lib/http/unknown-operation";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = unknownOperation();
