// embed-runtime.html's loader: the one Python runtime of a page with many scenes.
// Every embed.html frame of the page hands its window to attach() (static/embed/frame.js).
// The first one starts PyScript (so scenes not yet loaded cost nothing); Python
// (kseri.web.embed_hub) takes the frames from `waiting`, now and on each "kseri-frame" event.
const waiting = [];
let started = false;

function attach(frame) {
  if (!frame || frame.kseriWaiting !== true || frame.kseriTaken) return;
  frame.kseriTaken = true; // the frame stops waiting for us: we draw it
  waiting.push(frame);
  if (!started) {
    started = true;
    import("../../runtime/pyscript/core.js");
  }
  window.dispatchEvent(new Event("kseri-frame"));
}

window.kseriRuntime = { attach, waiting };

// Frames that loaded before this page did are waiting for it.
for (let i = 0; i < window.parent.frames.length; i++) {
  try {
    attach(window.parent.frames[i]);
  } catch {
    // a frame of another origin: not one of ours
  }
}
