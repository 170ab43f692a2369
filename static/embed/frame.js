// embed.html's loader. On a page with a shared Kseri runtime (a sibling frame named
// "kseri-runtime": embed-runtime.html) this frame starts no Python of its own: it hands its
// window to that runtime, which draws the scene. Anywhere else (a frame on its own, or
// embed.html opened directly) it starts PyScript, which runs static/embed_main.py.
const RUNTIME = "kseri-runtime";

function sharedRuntime() {
  if (window.parent === window) return null;
  try {
    // A named child frame of the parent is reachable even when the parent is on another origin.
    return window.parent.frames[RUNTIME] || null;
  } catch {
    return null;
  }
}

const runtime = sharedRuntime();
if (runtime) {
  // Waiting: if the runtime's page has not loaded yet, its loader finds this flag when it does.
  window.kseriWaiting = true;
  try {
    runtime.kseriRuntime.attach(window);
  } catch {
    // Not loaded yet (still about:blank, perhaps of another origin): it will find us.
  }
} else {
  import("../../runtime/pyscript/core.js");
}
