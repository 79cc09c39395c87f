#!/usr/bin/env python3
"""Finds import cycles of any length in each crate, at two grains: between source files (the
strongly connected components of the graph "file a uses an item of file b"), and between the
sibling modules of each parent module, each taken with its submodules (`verify` and
`verify_repetition` form a cycle when `verify.rs` uses `verify_repetition.rs`, which uses
`verify/children.rs`). Exits 1 if there is one.

    python3 tools/check_import_cycles.py              # every crate under crates/
    python3 tools/check_import_cycles.py crates/retro # one crate

An edge comes from every `crate::`, `super::` and `self::` path in a file, in `use` trees
(`use crate::{a::X, b::{Y, Z}}`) and inline (`crate::a::f()`), outside `#[cfg(test)]` modules
(tests may use what they test). A path that ends at a name a module re-exports (`pub use`,
`pub(crate) use`) is followed to the file that defines it, so `use crate::Name` counts as an
import of Name's own file, not of lib.rs.
"""
import pathlib
import re
import sys

USE = re.compile(r"\buse\s+((?:crate|super|self)\b[^;]*);", re.S)
INLINE = re.compile(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)")
REEXPORT = re.compile(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]*);", re.S)
CFG_TEST = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{")


def module_of(src: pathlib.Path, path: pathlib.Path) -> tuple:
    """The module path of a source file: `src/a/b.rs` and `src/a/b/mod.rs` are `("a", "b")`."""
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def without_tests(text: str) -> str:
    """`text` without the bodies of inline `#[cfg(test)] mod … { … }` modules and comments."""
    text = re.sub(r"//[^\n]*", "", text)
    while (match := CFG_TEST.search(text)) is not None:
        depth, end = 1, match.end()
        while end < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        text = text[: match.start()] + text[end:]
    return text


def expand(tree: str) -> list:
    """The paths of a `use` tree: `crate::{a::X, b::{Y, Z as W}}` → crate::a::X, crate::b::Y, …"""
    tree = re.sub(r"\s+", "", tree)
    if "{" not in tree:
        return [re.sub(r"as\w+$", "", tree) if "as" in tree.split("::")[-1] else tree]
    head, _, rest = tree.partition("{")
    inner = rest[: rest.rfind("}")]
    parts, depth, current = [], 0, ""
    for char in inner:
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        current += char
    parts.append(current)
    paths = []
    for part in filter(None, parts):
        paths.extend(head + p for p in expand(part))
    return [p.rstrip(":") for p in paths]


def absolute(here: tuple, is_dir_module: bool, path: str) -> tuple:
    """The absolute segments of a `crate::`/`super::`/`self::` path written in module `here`."""
    names = [n for n in path.split("::") if n]
    base = list(here)
    while names and names[0] in ("crate", "super", "self"):
        head = names.pop(0)
        if head == "crate":
            base = []
        elif head == "super":
            base = base[:-1]
    del is_dir_module
    return tuple(base + [n for n in names if n != "self"])


class Crate:
    """The source files of one crate and what each re-exports."""

    def __init__(self, src: pathlib.Path):
        self.src = src
        self.files = {module_of(src, p): p for p in src.rglob("*.rs")}
        self.text = {m: without_tests(p.read_text(encoding="utf-8")) for m, p in self.files.items()}
        # module -> name -> absolute path of what the name re-exports
        self.reexports = {}
        for module, text in self.text.items():
            names = {}
            for tree in REEXPORT.findall(text):
                for path in expand(tree):
                    last = path.split("::")[-1]
                    if last in ("*", "self"):
                        continue
                    if path.split("::")[0] in ("crate", "super", "self"):
                        names[last] = absolute(module, False, path)
                    else:
                        names[last] = module + tuple(path.split("::"))
            self.reexports[module] = names

    def defining_file(self, target: tuple, seen=None) -> tuple:
        """The module whose file defines the item at absolute path `target`."""
        seen = seen or set()
        prefix = target
        while prefix and prefix not in self.files:
            prefix = prefix[:-1]
        if len(target) > len(prefix):
            name = target[len(prefix)]
            follow = self.reexports.get(prefix, {}).get(name)
            if follow and follow not in seen:
                seen.add(follow)
                return self.defining_file(follow + target[len(prefix) + 1:], seen)
        return prefix

    def imports(self, module: tuple) -> set:
        text = self.text[module]
        paths = [p for tree in USE.findall(text) for p in expand(tree)]
        paths += INLINE.findall(USE.sub("", text))
        found = set()
        for path in paths:
            target = self.defining_file(absolute(module, False, path))
            if target != module:
                found.add(target)
        return found


def components(graph: dict) -> list:
    """The strongly connected components of `graph` with more than one node (Tarjan)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for succ in graph.get(node, ()):
            if succ not in graph:
                continue
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def sibling_graphs(crate: "Crate", graph: dict) -> dict:
    """For each module with submodules: the graph between its own file and its direct children,
    each child standing for the files of its subtree."""
    graphs = {}
    for parent in crate.files:
        children = {m for m in crate.files if len(m) == len(parent) + 1 and m[: len(parent)] == parent}
        if not children:
            continue

        def node(module):
            if module[: len(parent)] != parent:
                return None
            return parent if module == parent else module[: len(parent) + 1]

        sub = {n: set() for n in children | {parent}}
        for module, targets in graph.items():
            source = node(module)
            for target in targets:
                into = node(target)
                if source is not None and into is not None and source != into:
                    sub[source].add(into)
        graphs[parent] = sub
    return graphs


def name(crate: "Crate", module: tuple, parent: tuple) -> str:
    """How a node of a sibling graph is printed: the file, with `/…` for a subtree."""
    text = str(crate.files[module].relative_to(crate.src))
    has_children = any(len(m) > len(module) and m[: len(module)] == module for m in crate.files)
    return text + (" (and its submodules)" if has_children and module != parent else "")


def main() -> int:
    roots = [pathlib.Path(a) / "src" for a in sys.argv[1:]] or sorted(pathlib.Path("crates").glob("*/src"))
    cycles = 0
    for src in roots:
        crate = Crate(src)
        graph = {m: crate.imports(m) for m in crate.files}
        file_cycles = {frozenset(c) for c in components(graph)}
        for component in components(graph):
            cycles += 1
            print(f"cycle of {len(component)} files in {src.parent}:")
            members = set(component)
            for module in component:
                into = sorted(str(crate.files[t].relative_to(src)) for t in graph[module] & members)
                print(f"  {crate.files[module].relative_to(src)} -> {', '.join(into)}")
        for parent, sub in sibling_graphs(crate, graph).items():
            for component in components(sub):
                if all(len(m) == len(parent) for m in component) or frozenset(component) in file_cycles:
                    continue  # the parent alone, or a cycle of files already reported
                cycles += 1
                print(f"cycle of {len(component)} modules in {src.parent}:")
                members = set(component)
                for module in component:
                    into = sorted(name(crate, t, parent) for t in sub[module] & members)
                    print(f"  {name(crate, module, parent)} -> {', '.join(into)}")
    print(f"{cycles} import cycles")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
