/**
 * Runs inline before the page paints: applies the visitor's remembered theme choice (light, dark or
 * system) to <html data-theme>. Without a stored choice nothing is set and the server CSS decides.
 */
export const THEME_STORAGE_KEY = "hg-theme";

export const THEME_SCRIPT = `(function(){try{var d=document.documentElement;d.setAttribute("data-js","");var c=localStorage.getItem("${THEME_STORAGE_KEY}");if(c==="light"||c==="dark"){d.setAttribute("data-theme",c)}else if(c==="system"){d.setAttribute("data-theme",matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light")}}catch(e){}})();`;
