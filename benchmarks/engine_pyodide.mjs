// Engine fast-path speed under Pyodide (WebAssembly), in Node: benchmarks/engine.py run there.
//
//   node benchmarks/engine_pyodide.mjs [--rounds N] [--repeats R] [--workloads ...] [--no-checked]
//
// Loads Pyodide from node_modules/pyodide (installed by scripts/setup; or set
// PYODIDE_DIR to a folder holding pyodide.mjs), copies the kseri package,
// benchmarks/engine.py and the frozen baseline (benchmarks/baseline_round.py) into
// Pyodide's file system and runs engine.py there: today's engine side by side with
// the baseline, printed as the same table as in CPython (CPU time is Node's
// process.cpuUsage()).

import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.PYODIDE_DIR || join(root, "node_modules", "pyodide");
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error(`engine_pyodide: no pyodide.mjs in ${pyodideDir} (run scripts/setup, or set PYODIDE_DIR)`);
  process.exit(1);
}
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
const home = "/home/pyodide";

function copyPackage(src, dst) {
  py.FS.mkdirTree(dst);
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copyPackage(join(src, entry.name), `${dst}/${entry.name}`);
    } else if (entry.name.endsWith(".py")) {
      py.FS.writeFile(`${dst}/${entry.name}`, readFileSync(join(src, entry.name)));
    }
  }
}
copyPackage(join(root, "kseri"), `${home}/kseri`);
for (const name of ["engine.py", "baseline_round.py"]) {
  py.FS.writeFile(`${home}/${name}`, readFileSync(join(root, "benchmarks", name)));
}
console.log(`Pyodide ${py.version} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s (Node ${process.version})\n`);

py.globals.set("ARGS", py.toPy(process.argv.slice(2)));
await py.runPythonAsync(`
import sys
sys.path.insert(0, "${home}")
import engine
engine.main(list(ARGS))
`);
