/**
 * embed.js: `<script src="https://status.example.com/embed.js" async></script>` puts a status pill on any site, in a
 * shadow root so neither page's CSS breaks the other. It polls status.json beside it (CORS *) each minute while the tab
 * is visible; options data-target (selector) and data-theme (light | dark | auto). The page comes from the script's URL.
 */
const SOURCE = String.raw`(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var base = script.src.replace(/\/embed\.js(?:[?#].*)?$/, "");
  var theme = script.getAttribute("data-theme") || "auto";
  var target = script.getAttribute("data-target");
  var host = document.createElement("span");
  host.setAttribute("data-heliograph-status", "");
  var place = target && document.querySelector(target);
  if (place) place.appendChild(host);
  else script.parentNode.insertBefore(host, script.nextSibling);
  var root = host.attachShadow ? host.attachShadow({ mode: "open" }) : host;
  var css =
    ":host{all:initial;display:inline-block}" +
    "a{display:inline-flex;align-items:center;gap:.5em;padding:.3em .8em;border-radius:999px;font:500 13px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;text-decoration:none;border:1px solid;" +
    "color:#1f2937;background:#fff;border-color:#d1d5db}" +
    "a.dark{color:#e5e7eb;background:#111827;border-color:#374151}" +
    "@media (prefers-color-scheme:dark){a.auto{color:#e5e7eb;background:#111827;border-color:#374151}}" +
    "a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}" +
    "i{width:.6em;height:.6em;border-radius:50%;background:var(--c,#9ca3af);flex:none}";
  var style = document.createElement("style");
  style.textContent = css;
  var link = document.createElement("a");
  link.href = base;
  link.target = "_blank";
  link.rel = "noopener";
  link.className = theme === "light" || theme === "dark" ? theme : "auto";
  link.setAttribute("part", "pill");
  var dot = document.createElement("i");
  dot.setAttribute("aria-hidden", "true");
  var text = document.createElement("span");
  text.textContent = "Loading status…";
  link.appendChild(dot);
  link.appendChild(text);
  root.appendChild(style);
  root.appendChild(link);
  var colors = { none: "#16a34a", minor: "#ca8a04", major: "#ea580c", critical: "#dc2626", maintenance: "#2563eb" };
  function show(data) {
    var s = data && data.status;
    if (!s || typeof s.description !== "string") throw new Error("unexpected answer");
    var key = s.indicator === "none" && /maintenance/i.test(s.description) ? "maintenance" : s.indicator;
    dot.style.setProperty("--c", colors[key] || "#9ca3af");
    text.textContent = s.description;
    var name = data.page && data.page.name;
    link.title = (name ? name + ": " : "") + s.description;
    link.setAttribute("aria-label", link.title);
  }
  function load() {
    if (document.visibilityState === "hidden") return;
    fetch(base + "/api/v2/status.json", { credentials: "omit" })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(show)
      .catch(function () { dot.style.removeProperty("--c"); text.textContent = "Status unavailable"; });
  }
  load();
  setInterval(load, 60000);
  document.addEventListener("visibilitychange", load);
})();
`;

export const EMBED_SCRIPT = SOURCE;
export const SCRIPT_CONTENT_TYPE = "text/javascript; charset=utf-8";
