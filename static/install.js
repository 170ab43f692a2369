// The browser's offer to install the page as an app, kept for the page's Install button.
//
// Chromium-based browsers fire `beforeinstallprompt` once the page can be installed, often before the
// game's Python is running; this classic script in <head> catches it from the start, keeps it (the
// browser's own little bar is not shown: the page offers it in its settings, and once at a match's
// end), and says so with a `kseri-install` event on window. kseri/web/install_ui.py reads
// window.kseriInstall: whether the offer stands, and prompt() to make it.
(() => {
  let offer = null;
  let installed = false;

  function changed() {
    window.dispatchEvent(new Event("kseri-install"));
  }

  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // no bar of the browser's own: the page asks when it suits the player
    offer = event;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    installed = true;
    changed();
  });

  window.kseriInstall = {
    available: () => offer !== null,
    installed: () => installed,
    // Show the browser's own install dialog; resolves with "accepted", "dismissed" or "unavailable".
    prompt: async () => {
      const event = offer;
      offer = null; // an offer is good for one prompt
      changed();
      if (!event || typeof event.prompt !== "function") return "unavailable";
      try {
        await event.prompt();
        const choice = await event.userChoice;
        return choice && choice.outcome ? choice.outcome : "dismissed";
      } catch {
        return "unavailable";
      }
    },
  };
})();
