// A Pyodide memory snapshot of the page's interpreter with the table's modules imported.
//
//   node devtools/snapshot.mjs KSERI_ZIP OUT      (writes OUT: the snapshot, gzipped)
//
// Used by devtools/snapshot.py (the dev server, scripts/build). A returning visitor's
// page starts its interpreter from this memory image instead of starting Python and
// importing the package again (static/pyodide-start.mjs): that is most of a warm
// start. Pyodide can only snapshot an interpreter whose state holds pure-Python
// modules and no JavaScript objects, which is the case here: the package is imported
// below, except the modules that need the page (pyscript, js).
//
// The snapshot belongs to one build of the package: the zip's kseri/BUILD (written by
// devtools/pack.py) is kept as kseri.__build__, and static/main.py drops the
// snapshot's kseri modules when the unpacked package's BUILD differs.
//
// The interpreter is runtime/pyodide, the very files the page loads (a snapshot only
// restores into the same build of Pyodide). PYODIDE_DIR overrides the folder.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [zipPath, outPath] = process.argv.slice(2);
if (!zipPath || !outPath) {
  console.error("usage: node devtools/snapshot.mjs KSERI_ZIP OUT");
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.PYODIDE_DIR || join(root, "runtime", "pyodide");
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error(`snapshot: no pyodide.mjs in ${pyodideDir} (run scripts/setup)`);
  process.exit(1);
}
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
// A fixed hash seed: the same sources give the same snapshot bytes (and one
// service-worker version), not a new image at every build.
const settings = { indexURL: pyodideDir + "/", _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } };

// Pyodide 314 restores a snapshot into the heap its wasm module declares (30 MB), whatever
// the snapshot's size (pyodide/pyodide#6254: INITIAL_MEMORY is not read), so a snapshot of a
// heap that grew past it cannot be restored ("offset is out of bounds") and every return
// visit would start afresh. The modules are therefore imported in the page's order of need
// (the engine, the words, the table, the page; then the scenes and the bots; a friend's
// match last) and only as many as fit in that heap: a first interpreter measures the heap
// after each import, a second imports the longest run that fits and is the snapshot.
const MODULES = `
import os
home = "/home/pyodide"
ORDER = ("kseri.engine", "kseri.i18n", "kseri.table", "kseri.web", "kseri.scenes", "kseri.bots", "kseri")
def rank(module):
    late = ".duel" in module  # a friend's match: rarely on the way to the table
    return (late, next(i for i, top in enumerate(ORDER) if module == top or module.startswith(top + ".")), module)
found = []
for folder, _, names in sorted(os.walk(os.path.join(home, "kseri"))):
    package = os.path.relpath(folder, home).replace("/", ".")
    if "__pycache__" in package:
        continue
    for name in sorted(names):
        # __main__ would run the CLI; kseri.web.fresh checks the snapshot, so it must be the page's own.
        if not name.endswith(".py") or name == "__main__.py" or (package, name) == ("kseri.web", "fresh.py"):
            continue
        found.append(package if name == "__init__.py" else package + "." + name[:-3])
found.sort(key=rank)
`;
const IMPORT = `
import importlib
try:
    importlib.import_module(module)
    ok = True
except ImportError:  # needs the page (pyscript, js): imported there
    ok = False
ok
`;

async function interpreter() {
  const py = await loadPyodide(settings);
  py.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide" });
  // asyncio is what PyScript and the page's own modules import first.
  py.runPython(`import sys; sys.path.insert(0, "/home/pyodide"); import asyncio, gettext, json, random`);
  return py;
}

const heap = (py) => py._module.HEAP8.length;

// First: which modules fit.
const trial = await interpreter();
const limit = heap(trial);
const modules = trial.runPython(MODULES + "\nimport json; json.dumps(found)");
const order = JSON.parse(modules);
let fits = 0;
for (const module of order) {
  trial.globals.set("module", module);
  trial.runPython(IMPORT);
  if (heap(trial) > limit) break;
  fits += 1;
}

// Then: the snapshot's interpreter imports those.
const py = await interpreter();
const imported = [];
const skipped = [];
for (const module of order.slice(0, fits)) {
  py.globals.set("module", module);
  (py.runPython(IMPORT) ? imported : skipped).push(module);
}
py.globals.delete("module");
py.globals.delete("ok");
if (heap(py) > limit) {
  console.error(`snapshot: the heap grew to ${heap(py)} bytes, past the ${limit} a page restores into`);
  process.exit(1);
}
const report = py.runPython(`
import json, os, sys
import kseri
with open(os.path.join("/home/pyodide", "kseri", "BUILD"), encoding="ascii") as build:
    kseri.__build__ = build.read().strip()
sys.path.remove("/home/pyodide")
json.dumps({"build": kseri.__build__})
`);
const left = order.length - fits;
const snapshot = py.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 6 });
writeFileSync(outPath, packed);
const { build } = JSON.parse(report);
console.log(`snapshot: ${imported.length} modules imported, ${skipped.length + left} left to the page ` +
  `(${left} past the ${(limit / 1e6).toFixed(1)} MB heap); ` +
  `${(snapshot.length / 1e6).toFixed(1)} MB, ${(packed.length / 1e6).toFixed(1)} MB gzipped; build ${build}`);
