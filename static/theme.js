// The page's looks, set before its first paint (the loading screen's too), so it never flashes the
// other theme: <html data-theme="light|dark">, and data-cards="large" / data-back="red|green" when
// chosen. A classic script in <head>, before the stylesheets: it runs before anything is drawn.
//
// What decides: ?theme=light|dark in the address, else the player's setting (the "theme", "cards"
// and "back" of localStorage "kseri.settings", written by kseri/web/settings.py), else the system's
// light or dark preference (prefers-color-scheme), followed live while the setting says "system".
// The page's Python does the same when the settings change (kseri/web/looks.py).
(() => {
  const root = document.documentElement;
  const query = window.matchMedia ? window.matchMedia("(prefers-color-scheme: light)") : null;
  const COLORS = { dark: "#0f3323", light: "#dbe8d6" };

  function stored() {
    try {
      const value = JSON.parse(window.localStorage.getItem("kseri.settings") || "{}");
      return value && typeof value === "object" ? value : {};
    } catch {
      return {}; // storage refused or unreadable: the defaults
    }
  }

  function apply() {
    const settings = stored();
    let theme = new URLSearchParams(window.location.search).get("theme");
    if (theme !== "light" && theme !== "dark") theme = settings.theme;
    if (theme !== "light" && theme !== "dark") theme = query && query.matches ? "light" : "dark";
    root.dataset.theme = theme;
    if (settings.cards === "large") root.dataset.cards = "large";
    else delete root.dataset.cards;
    if (settings.back === "red" || settings.back === "green") root.dataset.back = settings.back;
    else delete root.dataset.back;
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute("content", COLORS[theme]);
  }

  apply();
  if (query && query.addEventListener) query.addEventListener("change", apply);
  window.kseriLooks = apply; // the page calls it again when the settings change
})();
