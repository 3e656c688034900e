import { env } from "@/lib/env";
import { LOCATION_NAMES, type PublicLocation } from "./index";

/**
 * The public locations this installation serves: its own runner's, named by HELIOGRAPH_LOCATION. A check naming any
 * other is refused (nothing would run it); one naming none runs here.
 */
export function servedLocations(): { region: PublicLocation; name: string }[] {
  return [{ region: env.HELIOGRAPH_LOCATION, name: LOCATION_NAMES[env.HELIOGRAPH_LOCATION] }];
}

export const isServedLocation = (code: string): boolean => servedLocations().some((l) => l.region === code);
