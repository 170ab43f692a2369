// embed.html's loader. On a page with a shared Kseri runtime (a sibling frame named
// "kseri-runtime": embed-runtime.html) this frame starts no Python of its own: it hands its
// window to that runtime, which draws the scene. Anywhere else (a frame on its own, or
// embed.html opened directly) it starts PyScript, which runs static/embed_main.py.
import { giveBackStorage } from "../storage-stand-ins.mjs"; // lent for PyScript, which may start here

const RUNTIME = "kseri-runtime";
const GIVE_UP_MS = 10000; // a runtime frame whose page never loads (a wrong address): draw alone

function sharedRuntime() {
  if (window.parent === window) return null;
  try {
    // A named child frame of the parent is reachable even when the parent is on another origin.
    const found = window.parent.frames[RUNTIME];
    return found && found.window === found ? found : null;
  } catch {
    return null;
  }
}

function startOwnRuntime() {
  import("../../runtime/pyscript/core.js");
}

function handOver(runtime) {
  try {
    runtime.kseriRuntime.attach(window); // sets window.kseriTaken
  } catch {
    // Not loaded yet (still about:blank, perhaps of another origin): its loader finds us when it is.
  }
}

const runtime = sharedRuntime();
if (runtime) {
  window.kseriWaiting = true; // what the runtime's loader looks for when it loads after us
  handOver(runtime);
  const since = Date.now();
  const retry = setInterval(() => {
    if (window.kseriTaken) {
      clearInterval(retry);
      giveBackStorage(); // the shared runtime draws this frame: no PyScript here
    } else if (Date.now() - since > GIVE_UP_MS) {
      clearInterval(retry);
      window.kseriWaiting = false;
      startOwnRuntime();
    } else {
      handOver(runtime);
    }
  }, 250);
} else {
  startOwnRuntime();
}
