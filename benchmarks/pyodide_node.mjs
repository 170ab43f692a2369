// Pyodide in Node with the kseri package in its file system: what the *_pyodide.mjs benchmarks share.
//
// Loads Pyodide from node_modules/pyodide (installed by scripts/setup; or set PYODIDE_DIR to a
// folder holding pyodide.mjs), copies kseri/ (its .py files) and the named files of benchmarks/
// into /home/pyodide, and says how long loading took.

import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const home = "/home/pyodide";

function copyPackage(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copyPackage(py, join(src, entry.name), `${dst}/${entry.name}`);
    } else if (entry.name.endsWith(".py")) {
      py.FS.writeFile(`${dst}/${entry.name}`, readFileSync(join(src, entry.name)));
    }
  }
}

export async function pyodideWithKseri(who, benchmarkFiles) {
  const pyodideDir = process.env.PYODIDE_DIR || join(root, "node_modules", "pyodide");
  if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
    console.error(`${who}: no pyodide.mjs in ${pyodideDir} (run scripts/setup, or set PYODIDE_DIR)`);
    process.exit(1);
  }
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  const started = performance.now();
  const py = await loadPyodide({ indexURL: pyodideDir + "/" });
  copyPackage(py, join(root, "kseri"), `${home}/kseri`);
  for (const name of benchmarkFiles) {
    py.FS.writeFile(`${home}/${name}`, readFileSync(join(root, "benchmarks", name)));
  }
  console.log(`Pyodide ${py.version} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s (Node ${process.version})\n`);
  return py;
}

// Run benchmarks/<files[0]>'s main() under Pyodide with this process's arguments (the first file is
// the benchmark, the others what it imports): the same measurement as in CPython, printed alike.
export async function runPythonBenchmark(who, files) {
  const py = await pyodideWithKseri(who, files);
  const module = files[0].replace(/\.py$/, "");
  py.globals.set("ARGS", py.toPy(process.argv.slice(2)));
  await py.runPythonAsync(`
import sys
sys.path.insert(0, "${home}")
import ${module}
${module}.main(list(ARGS))
`);
}
