// Compile Python sources to bytecode with the page's own Python (Pyodide, in Node).
//
//   node devtools/pyc.mjs < request.json > reply.json
//   node devtools/pyc.mjs --verify kseri.zip       (a test: imports it, reports what compiled)
//
// request: {"files": {"kseri/round.py": "<base64 source bytes>", ...}}
// reply:   {"python": "3.14.0", "magic": "<hex>", "files": {"kseri/round.py": "<base64 .pyc>", ...}}
//
// Used by devtools/pack.py, which puts the results into kseri.zip as
// kseri/__pycache__/round.cpython-314.pyc: compiling the package is most of the
// page's Python start-up under WebAssembly, and it gives the same bytes on
// every visit. The .pyc are "checked-hash": Python compares them with the
// source's hash before use and compiles the source itself when they differ,
// so a stale .pyc can cost time but never run old code.
//
// The interpreter is runtime/pyodide (copied by scripts/setup), the very files
// the page loads, so the bytecode's magic number matches the page's Python.
// PYODIDE_DIR overrides the folder.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.PYODIDE_DIR || join(root, "runtime", "pyodide");
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error(`pyc: no pyodide.mjs in ${pyodideDir} (run scripts/setup)`);
  process.exit(1);
}
const verify = process.argv[2] === "--verify" ? process.argv[3] : null;
const request = verify ? null : JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });

if (verify) {
  // Unpack as PyScript does, import every module PyScript can run outside a page,
  // and list those Python had to compile from source (ideally none).
  py.unpackArchive(new Uint8Array(readFileSync(verify)), "zip", { extractDir: "/home/pyodide" });
  const report = await py.runPythonAsync(`
import importlib, importlib._bootstrap_external as external, json, os, sys
sys.path.insert(0, "/home/pyodide")
compiled = []
original = external.SourceLoader.source_to_code
def spy(self, data, path, *args, **kwargs):
    compiled.append(os.path.relpath(path, "/home/pyodide"))
    return original(self, data, path, *args, **kwargs)
external.SourceLoader.source_to_code = spy
modules = []
for folder, _, names in sorted(os.walk("/home/pyodide/kseri")):
    package = os.path.relpath(folder, "/home/pyodide").replace("/", ".")
    if package.startswith("kseri.web") or "__pycache__" in package:
        continue  # kseri.web needs the page (pyscript)
    for name in sorted(names):
        if name.endswith(".py") and name != "__main__.py":  # __main__ would run the CLI
            module = package if name == "__init__.py" else package + "." + name[:-3]
            importlib.import_module(module)
            modules.append(module)
json.dumps({"imported": modules, "compiled": compiled})
`);
  process.stdout.write(report);
  process.exit(0);
}

py.globals.set("REQUEST", JSON.stringify(request));
const reply = await py.runPythonAsync(`
import base64, importlib.util, json, os, py_compile, sys, tempfile

def compile_all(request):
    out = {}
    with tempfile.TemporaryDirectory() as work:
        for name, encoded in sorted(json.loads(request)["files"].items()):
            source = os.path.join(work, "source.py")
            with open(source, "wb") as f:
                f.write(base64.b64decode(encoded))  # the file's bytes: the hash is over them
            target = py_compile.compile(source, cfile=os.path.join(work, "out.pyc"), dfile=name, doraise=True,
                                        invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
            with open(target, "rb") as f:
                out[name] = base64.b64encode(f.read()).decode("ascii")
    return {"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex(),
            "cache_tag": sys.implementation.cache_tag, "files": out}

json.dumps(compile_all(REQUEST))
`);
process.stdout.write(reply);
