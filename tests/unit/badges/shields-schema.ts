import { z } from "zod";

/**
 * The shields.io endpoint-badge schema (https://shields.io/badges/endpoint-badge), as shields
 * validates it: strict keys, schemaVersion 1, label may be empty, message may not, at most one logo,
 * logo colour/width/position only with a logo.
 */
export const ShieldsEndpointSchema = z
  .strictObject({
    schemaVersion: z.literal(1),
    label: z.string(),
    message: z.string().min(1),
    color: z.string().optional(),
    labelColor: z.string().optional(),
    isError: z.boolean().optional(),
    namedLogo: z.string().optional(),
    logoSvg: z.string().optional(),
    logoColor: z.string().optional(),
    logoWidth: z.number().positive().optional(),
    logoPosition: z.number().optional(),
    style: z.string().optional(),
    cacheSeconds: z.number().int().min(0).optional(),
  })
  .refine((v) => !(v.namedLogo && v.logoSvg), "namedLogo and logoSvg are exclusive")
  .refine((v) => v.logoColor === undefined || v.namedLogo !== undefined, "logoColor needs namedLogo")
  .refine((v) => (v.logoWidth === undefined && v.logoPosition === undefined) || v.namedLogo !== undefined || v.logoSvg !== undefined, "logo size needs a logo");
