export declare const PAGE_CSP: string;
export declare const RESOURCE_CSP: string;
export declare const BADGE_CSP: string;
export declare const WIDGET_CSP: string;
export declare const BASE_SECURITY_HEADERS: Readonly<Record<"X-Content-Type-Options" | "Referrer-Policy", string>>;
export declare const CONSOLE_CSP: string;
export declare const CONSOLE_HEADERS: Readonly<Record<"Content-Security-Policy" | "Cache-Control" | "X-Frame-Options" | "Referrer-Policy", string>>;
