"""Build hook: compiles the combat engine's hot modules with Cython (see docs/operations.md).

The sources stay plain Python and stay the truth: a compiled module is the same code made
into a C extension, typed by the ``.pxd`` beside it, and a battle runs about three times
as fast. The build writes ``strategy/compiled.json`` (each compiled module's source
digest) so that :mod:`strategy.compiled` can go back to the sources when any was edited
since. Without a C compiler the build goes on without the extensions (``optional``) and
the engine runs as pure Python.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
#: the modules a battle's rounds run through (benchmarks/bench_combat.py)
COMPILED = [
    "strategy.combat",
    "strategy.combat_state",
    "strategy.combat_phases",
    "strategy.combat_cards",
    "strategy.damage",
    "strategy.policies",
    "strategy.boarding",
    "strategy.combat_data",
    "strategy.combat_ships",
]
MANIFEST = "compiled.json"


def _source(module: str) -> Path:
    return HERE.joinpath(*module.split(".")).with_suffix(".py")


class BuildExt(build_ext):
    """Records each extension built, with its source's digest, beside the built file (and
    beside its in-place copy in an editable install)."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.built: set[str] = set()

    def build_extension(self, ext: Extension) -> None:
        super().build_extension(ext)
        # (reached only when the compiler succeeded: an optional failure raises above)
        self.built.add(ext.name)

    def run(self) -> None:
        super().run()
        built = self.built
        for root in {Path(self.build_lib), HERE} if self.inplace else {Path(self.build_lib)}:
            out = root / "strategy" / MANIFEST
            if not out.parent.is_dir():
                continue
            digests = json.loads(out.read_text()) if out.exists() else {}
            for ext in self.extensions:
                digests.pop(ext.name, None)
                if ext.name in built:
                    digests[ext.name] = hashlib.sha256(_source(ext.name).read_bytes()).hexdigest()
            out.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")


def _extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:  # a build without Cython: the pure Python engine
        return []
    exts = [Extension(m, [str(_source(m).relative_to(HERE))], optional=True) for m in COMPILED]
    return cythonize(
        exts,
        build_dir="build/cython",
        quiet=True,
        # the C types are the .pxd files' alone: a type hint stays a hint
        compiler_directives={"language_level": "3", "annotation_typing": False},
    )


setup(
    ext_modules=_extensions(),
    cmdclass={"build_ext": BuildExt},
    options={"build_ext": {"parallel": 2}},
)
