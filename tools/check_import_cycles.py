#!/usr/bin/env python3
"""Reports every pair of source files of a crate that import each other (`use crate::a::...` in
b and `use crate::b::...` in a, or through `super::`). Exits 1 if there is one.

    python3 tools/check_import_cycles.py            # all crates under crates/
"""
import pathlib
import re
import sys

USE = re.compile(r"\buse\s+(crate|super)((?:::\w+)+)")


def module_of(src: pathlib.Path, path: pathlib.Path) -> tuple:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def imports(src: pathlib.Path, path: pathlib.Path, modules: set) -> set:
    here = module_of(src, path)
    found = set()
    text = path.read_text(encoding="utf-8")
    # Only code outside #[cfg(test)] modules counts: tests may use what they test.
    text = text.split("#[cfg(test)]")[0]
    for root, rest in USE.findall(text):
        names = rest.strip(":").split("::")
        if root == "crate":
            base = ()
        else:
            # `super` from a file `a/b.rs` (module a::b) is `a`; from `a/mod.rs` (module a) it is ().
            base = here[:-1]
        target = base + tuple(names)
        # The longest prefix that is a module file.
        while target and target not in modules:
            target = target[:-1]
        if target and target != here:
            found.add(target)
    return found


def main() -> int:
    bad = []
    for crate in sorted(pathlib.Path("crates").glob("*/src")):
        files = {module_of(crate, p): p for p in crate.rglob("*.rs")}
        modules = set(files)
        graph = {m: imports(crate, p, modules) for m, p in files.items()}
        for a, targets in graph.items():
            for b in targets:
                if a < b and a in graph.get(b, set()):
                    bad.append(f"{files[a]} <-> {files[b]}")
    for line in bad:
        print(line)
    print(f"{len(bad)} import cycles between files")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
