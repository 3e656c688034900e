// As Heliograph's own next.config.mjs: route modules loaded on first use, nothing kept in Next's cache.
const config = { cacheMaxMemorySize: 0, experimental: { preloadEntriesOnStart: false } };
export default config;
