// Runs benchmarks/duel_speed.py in the browser's main thread on the site's own Pyodide, as the
// game page does (benchmarks/duel_speed_chromium.py drives it). The query's `args` are the
// script's arguments, comma-separated: duel_speed_page.html?args=--repeat,15
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

const output = document.getElementById("output");
const lines = [];

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

try {
  const started = performance.now();
  const py = await loadPyodide({ indexURL: new URL("../runtime/pyodide/", import.meta.url).href });
  py.setStdout({ batched: (line) => lines.push(line) });
  py.unpackArchive(await bytes("../kseri.zip"), "zip", { extractDir: "/home/pyodide" });
  py.FS.writeFile("/home/pyodide/duel_speed.py", await bytes("./duel_speed.py"));
  lines.push(`Pyodide ${py.version} in ${navigator.userAgent}, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`, "");
  const args = (new URLSearchParams(location.search).get("args") || "").split(",").filter(Boolean);
  py.globals.set("ARGS", py.toPy(args));
  await py.runPythonAsync(`
import sys
sys.path.insert(0, "/home/pyodide")
import duel_speed
duel_speed.main(list(ARGS))
`);
  output.textContent = lines.join("\n");
  document.body.dataset.done = "true";
} catch (error) {
  output.textContent = `${lines.join("\n")}\nerror: ${error}`;
  document.body.dataset.done = "error";
}
