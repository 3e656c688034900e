import type { Migration } from "kysely";
import * as m001 from "./001_initial";
import * as m002 from "./002_notifications";
import * as m003 from "./003_api_key_expiry";
import * as m004 from "./004_subscription_token_nonce";
import * as m005 from "./005_reserved_slugs";
import * as m006 from "./006_components";
import * as m007 from "./007_maintenance_occurrences";
import * as m008 from "./008_maintenance_due_index";
import * as m009 from "./009_automation_rules";
import * as m010 from "./010_integrations";
import * as m011 from "./011_page_timezone_locale";
import * as m012 from "./012_uptime_strips";
import * as m013 from "./013_alert_state_bounds";
import * as m014 from "./014_credential_expiry";
import * as m015 from "./015_custom_domain_verification";
import * as m016 from "./016_impacts_end_at_resolution";
import * as m017 from "./017_checks";
import * as m018 from "./018_check_runs";
import * as m019 from "./019_check_states";
import * as m020 from "./020_operators";
import * as m021 from "./021_check_trigger_severity";

/** Every migration, in order. A new one is a new file added here; none is ever edited after it ships. */
export const migrations: Record<string, Migration> = {
  "001_initial": m001,
  "002_notifications": m002,
  "003_api_key_expiry": m003,
  "004_subscription_token_nonce": m004,
  "005_reserved_slugs": m005,
  "006_components": m006,
  "007_maintenance_occurrences": m007,
  "008_maintenance_due_index": m008,
  "009_automation_rules": m009,
  "010_integrations": m010,
  "011_page_timezone_locale": m011,
  "012_uptime_strips": m012,
  "013_alert_state_bounds": m013,
  "014_credential_expiry": m014,
  "015_custom_domain_verification": m015,
  "016_impacts_end_at_resolution": m016,
  "017_checks": m017,
  "018_check_runs": m018,
  "019_check_states": m019,
  "020_operators": m020,
  "021_check_trigger_severity": m021,
};
