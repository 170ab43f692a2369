// The loading screen in the page's language from its first paint (issue 24).
//
// Python picks the page's language (kseri/web/language.py) only once the interpreter runs,
// seconds after the loading screen shows. This classic script runs while the page is parsed,
// right after the loading screen's markup, and decides the same way: `?lang=`, then the
// player's saved choice (localStorage "kseri.lang"), then the browser's languages, else
// English (kseri.i18n.choose_language). In Greek it puts the screen's words, the tab's title
// and the logo's name in Greek; `<html data-lang-ready>` then lets style.css show the words,
// which it hides until a language is decided (and shows anyway after a moment, should this
// script never run). Each element it changes keeps its English in `data-en`
// (kseri/web/language.py puts it back when the player switches to English). The Greek here is the catalog's (tests/web/test_first_paint.py checks).
(() => {
  const SPOKEN = ["en", "el"];
  const GREEK = {
    title: "Ξερή — το ελληνικό παιχνίδι με την τράπουλα",
    text: {
      "#loading .logo": "Ξερή",
      "#loading .tagline": "Το ελληνικό παιχνίδι με την τράπουλα",
      "#loading .splash-text": "Ανακατεύουμε την τράπουλα…",
      "#loading .splash-small": "Το πρώτο μοίρασμα θέλει λίγα δευτερόλεπτα· μετά το τραπέζι ανοίγει γρήγορα.",
      ".brand-name": "Ξερή",
    },
  };
  const base = (value) => (typeof value === "string" ? value.trim().toLowerCase().replace("_", "-").split("-")[0] : "");
  let saved = "";
  try {
    saved = localStorage.getItem("kseri.lang") || "";
  } catch {
    // storage refused (a private mode): the browser's languages decide
  }
  const param = new URLSearchParams(location.search).get("lang") || "";
  const preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  const lang = [param, saved, ...preferred].map(base).find((l) => SPOKEN.includes(l)) || "en";
  const root = document.documentElement;
  root.lang = lang;
  if (lang === "el") {
    document.title = GREEK.title;
    for (const [selector, text] of Object.entries(GREEK.text)) {
      for (const element of document.querySelectorAll(selector)) {
        element.dataset.en = element.textContent;  // the page's own English, for a switch to English later
        element.textContent = text;
      }
    }
  }
  root.dataset.langReady = lang;
})();
