/**
 * The vendor's public location codes (api-contract-checks.md §0.6). One installation's runner serves one of them
 * (HELIOGRAPH_LOCATION); the rest are known names a check may not use here.
 */
export const PUBLIC_LOCATIONS = [
  "us-east-1",
  "us-east-2",
  "us-west-1",
  "us-west-2",
  "ca-central-1",
  "sa-east-1",
  "eu-west-1",
  "eu-central-1",
  "eu-west-2",
  "eu-west-3",
  "eu-north-1",
  "eu-south-1",
  "me-south-1",
  "ap-southeast-1",
  "ap-northeast-1",
  "ap-east-1",
  "ap-southeast-2",
  "ap-southeast-3",
  "ap-northeast-2",
  "ap-northeast-3",
  "ap-south-1",
  "af-south-1",
] as const;

export type PublicLocation = (typeof PUBLIC_LOCATIONS)[number];

/** Human names, as the vendor's GET /v1/locations gives them. */
export const LOCATION_NAMES: Record<PublicLocation, string> = {
  "us-east-1": "N. Virginia",
  "us-east-2": "Ohio",
  "us-west-1": "N. California",
  "us-west-2": "Oregon",
  "ca-central-1": "Canada",
  "sa-east-1": "São Paulo",
  "eu-west-1": "Ireland",
  "eu-central-1": "Frankfurt",
  "eu-west-2": "London",
  "eu-west-3": "Paris",
  "eu-north-1": "Stockholm",
  "eu-south-1": "Milan",
  "me-south-1": "Bahrain",
  "ap-southeast-1": "Singapore",
  "ap-northeast-1": "Tokyo",
  "ap-east-1": "Hong Kong",
  "ap-southeast-2": "Sydney",
  "ap-southeast-3": "Jakarta",
  "ap-northeast-2": "Seoul",
  "ap-northeast-3": "Osaka",
  "ap-south-1": "Mumbai",
  "af-south-1": "Cape Town",
};
