/*
 * User agents of crawlers and link previewers: a ping URL pasted in a chat or a README is fetched by them, and
 * those fetches must not count as the job's heartbeat. (isbot on npm is the kept list; not installed here.)
 */
const CRAWLER = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|bingpreview|whatsapp|telegram|skypeuripreview|vkshare|pinterest|quora link|outbrain|nuzzel|bitlybot|tumblr|redditbot|mediapartners|lighthouse|headlesschrome/i;

export function isCrawler(userAgent: string | null): boolean {
  return userAgent !== null && CRAWLER.test(userAgent);
}
