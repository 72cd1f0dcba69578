"""The optional compiled build: with ``SHENGJI_COMPILE=1`` mypyc compiles the hot path.

hatchling runs this hook for every wheel it builds, editable or not. With the variable,
the modules listed in pyproject.toml (``[tool.hatch.build.targets.wheel.hooks.custom]``,
``compile``) are compiled by ``mypyc.build.mypycify`` and setuptools' ``build_ext``:
beside their sources for an editable install (the checkout is what Python imports), into
the wheel otherwise. The pure Python sources stay in both: a module not compiled is
imported as before. Without the variable nothing is compiled and nothing more is
installed to build; an editable install then removes the modules an earlier compiled one
left in the checkout, so that a plain ``pip install -e .`` is pure Python again.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# mypyc puts what the compiled modules share into one library at the top level, named
# after this group.
GROUP = "shengji"


def compiling() -> bool:
    """Whether this build compiles: ``SHENGJI_COMPILE=1``."""
    return os.environ.get("SHENGJI_COMPILE", "").strip() == "1"


class CompiledBuildHook(BuildHookInterface):
    """Compiles the modules named by ``compile`` when :func:`compiling`."""

    def modules(self) -> list[str]:
        """The source files to compile, relative to the project's root."""
        modules = self.config.get("compile", [])
        missing = [m for m in modules if not (Path(self.root) / m).is_file()]
        if missing:
            raise FileNotFoundError(
                f"the compiled build names modules that do not exist: {', '.join(missing)} "
                "(pyproject.toml, [tool.hatch.build.targets.wheel.hooks.custom] compile)"
            )
        return list(modules)

    def dependencies(self) -> list[str]:
        """mypy (mypyc) and setuptools, only for a compiled build: a plain one needs none."""
        return list(self.config.get("compile-requires", [])) if compiling() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile if asked to; an editable install first removes what an earlier one
        compiled in the checkout (what Python imports from it is what was asked for last)."""
        modules = self.modules()
        editable = version == "editable"
        if editable:
            self.remove_compiled()
        if not compiling():
            return
        self.build = Path(tempfile.mkdtemp(prefix="shengji-mypyc-"))
        built = self.compile(modules, inplace=editable)
        if editable:
            return  # the .pth of the editable wheel puts the checkout, and so them, on the path
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(self.build / "lib").as_posix()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """The build directory goes once the wheel holds what was built in it."""
        build = getattr(self, "build", None)
        if build is not None:
            shutil.rmtree(build, ignore_errors=True)

    def remove_compiled(self) -> None:
        """Delete the extension modules an earlier compiled build left in the checkout:
        the shared library and every one beside a module's source (listed then or now)."""
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        root = Path(self.root)
        leftovers = [root / f"{GROUP}__mypyc{suffix}"]
        for package in self.build_config.packages:
            leftovers += [
                path
                for path in (root / package).rglob(f"*{suffix}")
                if path.with_name(path.name.removesuffix(suffix) + ".py").is_file()
            ]
        for path in leftovers:
            path.unlink(missing_ok=True)

    def compile(self, modules: list[str], *, inplace: bool) -> list[Path]:
        """Compile ``modules`` with mypyc: the extension modules made, under the build
        directory's ``lib`` (or beside their sources when ``inplace``)."""
        from mypyc.build import mypycify
        from setuptools import Distribution

        here = os.getcwd()
        os.chdir(self.root)  # mypy reads its configuration (pyproject.toml) from here
        try:
            extensions = mypycify(
                modules,
                opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                group_name=GROUP,
                target_dir=str(self.build / "c"),
            )
            distribution = Distribution({"name": "shengji", "ext_modules": extensions})
            command: Any = distribution.get_command_obj("build_ext")
            command.inplace = inplace
            command.build_lib = str(self.build / "lib")
            command.build_temp = str(self.build / "temp")
            command.parallel = os.cpu_count() or 1
            distribution.run_command("build_ext")
        finally:
            os.chdir(here)
        print(f"shengji: compiled {len(modules)} modules with mypyc", file=sys.stderr)
        if inplace:
            return []
        return sorted(p for p in (self.build / "lib").rglob("*") if p.is_file())
