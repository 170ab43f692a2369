// Runs a benchmark script (benchmarks/SCRIPT.py, with a main(argv)) in the browser's main thread
// on the site's own Pyodide, as the game page does (benchmarks/in_chromium.py drives it). The
// query's `script` names it, `args` are its arguments, comma-separated:
// script_page.html?script=bot_speed&args=--rounds,10,--levels,hard
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

const output = document.getElementById("output");
const lines = [];

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

try {
  const script = new URLSearchParams(location.search).get("script") || "";
  if (!/^[a-z_]+$/.test(script)) throw new Error(`script=${JSON.stringify(script)}: a benchmark's module name`);
  const started = performance.now();
  const py = await loadPyodide({ indexURL: new URL("../runtime/pyodide/", import.meta.url).href });
  py.setStdout({ batched: (line) => lines.push(line) });
  py.unpackArchive(await bytes("../kseri.zip"), "zip", { extractDir: "/home/pyodide" });
  py.FS.writeFile(`/home/pyodide/${script}.py`, await bytes(`./${script}.py`));
  lines.push(`Pyodide ${py.version} in ${navigator.userAgent}, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`, "");
  const args = (new URLSearchParams(location.search).get("args") || "").split(",").filter(Boolean);
  py.globals.set("ARGS", py.toPy(args));
  py.globals.set("SCRIPT", script);
  await py.runPythonAsync(`
import importlib, sys
sys.path.insert(0, "/home/pyodide")
importlib.import_module(SCRIPT).main(list(ARGS))
`);
  output.textContent = lines.join("\n");
  document.body.dataset.done = "true";
} catch (error) {
  output.textContent = `${lines.join("\n")}\nerror: ${error}`;
  document.body.dataset.done = "error";
}
