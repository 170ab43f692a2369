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
const py = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
py.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide" });
const report = py.runPython(`
import importlib, json, os, sys
home = "/home/pyodide"
sys.path.insert(0, home)
imported, skipped = [], []
for folder, _, names in sorted(os.walk(os.path.join(home, "kseri"))):
    package = os.path.relpath(folder, home).replace("/", ".")
    if "__pycache__" in package:
        continue
    for name in sorted(names):
        # __main__ would run the CLI; kseri.web.fresh checks the snapshot, so it must be the page's own.
        if not name.endswith(".py") or name == "__main__.py" or (package, name) == ("kseri.web", "fresh.py"):
            continue
        module = package if name == "__init__.py" else package + "." + name[:-3]
        try:
            importlib.import_module(module)
            imported.append(module)
        except ImportError:  # needs the page (pyscript, js): imported there
            skipped.append(module)
# asyncio is what PyScript and the page's own modules import first.
import asyncio, gettext, json, random  # noqa: F401
import kseri
with open(os.path.join(home, "kseri", "BUILD"), encoding="ascii") as build:
    kseri.__build__ = build.read().strip()
sys.path.remove(home)
json.dumps({"imported": len(imported), "skipped": skipped, "build": kseri.__build__})
`);
const snapshot = py.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 6 });
writeFileSync(outPath, packed);
const { imported, skipped, build } = JSON.parse(report);
console.log(`snapshot: ${imported} modules imported, ${skipped.length} left to the page; ` +
  `${(snapshot.length / 1e6).toFixed(1)} MB, ${(packed.length / 1e6).toFixed(1)} MB gzipped; build ${build}`);
