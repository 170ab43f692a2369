// Research for issue #15: would a Pyodide memory snapshot start the table faster?
//
//   node benchmarks/snapshot_pyodide.mjs [--runs N]
//
// Pyodide can save the memory of an interpreter whose state holds only pure-Python
// modules (loadPyodide({_makeSnapshot: true}) ... makeMemorySnapshot()) and start a new
// one from it (loadPyodide({_loadSnapshot})). This measures, in Node, the time from
// loadPyodide to the table's modules imported, plainly and from a snapshot taken after
// importing them, medians of N runs each (interleaved), and the snapshot's size.
// Not wired into the page yet: PyScript passes no snapshot option to loadPyodide (a
// wrapper module named as the `interpreter` can), and a snapshot must be rebuilt with
// every change to the package and checked against the package the page unpacks.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

import { home, root } from "./pyodide_node.mjs";

const IMPORTS = "import kseri.table.session, kseri.table.views, kseri.table.newgame, kseri.table.stats, " +
  "kseri.i18n, kseri.web.render";
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 5;
const pyodideDir = process.env.PYODIDE_DIR || join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);

function copyPackage(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copyPackage(py, join(src, entry.name), `${dst}/${entry.name}`);
    } else if (entry.name.endsWith(".py") || entry.name.endsWith(".mo")) {
      py.FS.writeFile(`${dst}/${entry.name}`, readFileSync(join(src, entry.name)));
    }
  }
}

async function plainStart() {
  const py = await loadPyodide({ indexURL: pyodideDir + "/" });
  copyPackage(py, join(root, "kseri"), `${home}/kseri`);
  py.runPython(IMPORTS);
  return py;
}

const maker = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true });
copyPackage(maker, join(root, "kseri"), `${home}/kseri`);
maker.runPython(IMPORTS);
const snapshot = maker.makeMemorySnapshot();
console.log(`snapshot after importing the table: ${(snapshot.length / 1e6).toFixed(1)} MB ` +
  `(${(gzipSync(snapshot).length / 1e6).toFixed(1)} MB gzipped)`);

const times = { plain: [], snapshot: [] };
for (let i = 0; i < runs; i++) {
  let started = performance.now();
  await plainStart();
  times.plain.push(performance.now() - started);
  started = performance.now();
  const py = await loadPyodide({ indexURL: pyodideDir + "/", _loadSnapshot: snapshot });
  py.runPython(IMPORTS); // already in memory: the modules are found in sys.modules
  times.snapshot.push(performance.now() - started);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const plain = median(times.plain);
const restored = median(times.snapshot);
console.log(`to the table's modules imported, medians of ${runs}: plain ${plain.toFixed(0)} ms, ` +
  `from the snapshot ${restored.toFixed(0)} ms (${(restored / plain).toFixed(2)}×)`);
