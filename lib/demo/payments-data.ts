import type { ImpactStatus, UpdateStatus } from "@/lib/db/types";

/** The second demo page, built on the v3 model: its own components, groups, per-component impact over time. */
export const PAYMENTS_PAGE = {
  name: "Acme Payments",
  url: "acme-payments",
  description: "Status of Acme Payments: card processing, payouts and the merchant dashboard.",
};

/** Top-level entries in display order: a group with its services, or a service on its own. */
export const PAYMENTS_COMPONENTS: { name: string; description?: string; children?: { name: string; description?: string }[] }[] = [
  {
    name: "Payments API",
    description: "The REST API merchants integrate with.",
    children: [
      { name: "Card processing", description: "Authorisations and captures for every card network." },
      { name: "Payouts", description: "Transfers of settled funds to merchants' bank accounts." },
      { name: "Refunds" },
    ],
  },
  { name: "Merchant dashboard", children: [{ name: "Reports" }, { name: "Team management" }] },
  { name: "Checkout widget", description: "The embeddable checkout form." },
];

export interface DemoImpact {
  component: string;
  status: ImpactStatus;
  /** minutes after the incident's start; `to: null` while it lasts */
  from: number;
  to: number | null;
}

export interface DemoV3Incident {
  name: string;
  /** 0: ongoing, started `startedMinutesAgo` minutes ago */
  daysAgo: number;
  startedMinutesAgo?: number;
  impacts: DemoImpact[];
  updates: { after: number; status: UpdateStatus; text: string }[];
}

export const PAYMENTS_INCIDENTS: DemoV3Incident[] = [
  {
    name: "Payouts delayed for some merchants",
    daysAgo: 0,
    startedMinutesAgo: 50,
    // Degraded at first, then a partial outage as the backlog grew: impact changes within one incident.
    impacts: [
      { component: "Payouts", status: "DEGRADED_PERFORMANCE", from: 0, to: 20 },
      { component: "Payouts", status: "PARTIAL_OUTAGE", from: 20, to: null },
    ],
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Some payouts scheduled for today are delayed. We are investigating." },
      { after: 20, status: "IDENTIFIED", text: "A partner bank is rejecting part of our transfer batches. Affected payouts are being **re-queued**; no funds are lost." },
    ],
  },
  {
    name: "Card authorisations failing in the EU",
    daysAgo: 6,
    impacts: [
      { component: "Card processing", status: "MAJOR_OUTAGE", from: 0, to: 25 },
      { component: "Checkout widget", status: "PARTIAL_OUTAGE", from: 0, to: 25 },
      { component: "Card processing", status: "DEGRADED_PERFORMANCE", from: 25, to: 70 },
    ],
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Card authorisations for EU-issued cards are failing." },
      { after: 25, status: "IDENTIFIED", text: "A certificate rotation at one acquirer broke the connection. Traffic moved to the secondary acquirer; approvals are slower." },
      { after: 70, status: "RESOLVED", text: "The primary acquirer is back and approval times are normal." },
    ],
  },
  {
    name: "Reports exports slow",
    daysAgo: 18,
    impacts: [{ component: "Reports", status: "DEGRADED_PERFORMANCE", from: 0, to: 180 }],
    updates: [
      { after: 0, status: "INVESTIGATING", text: "CSV exports of large reports take several minutes." },
      { after: 180, status: "RESOLVED", text: "The export workers were scaled out; exports are fast again." },
    ],
  },
  {
    name: "Refunds API unavailable",
    daysAgo: 41,
    impacts: [{ component: "Refunds", status: "MAJOR_OUTAGE", from: 0, to: 35 }],
    updates: [
      { after: 0, status: "INVESTIGATING", text: "Refund requests answer 503." },
      { after: 15, status: "IDENTIFIED", text: "A failed database migration locked the refunds table." },
      { after: 35, status: "RESOLVED", text: "The migration was rolled back; refunds work again. Requests made meanwhile can be retried safely." },
    ],
  },
];
