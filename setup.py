"""The wheel carries the box's sources, so an installed `lenotre` can flash a box (`lenotre
flash`, `lenotre image`, `lenotre sim`): firmware/, shared_rules/ and what of hardware/ the
builds read are copied into the package as lenotre/box_sources/ (found by
lenotre.device.toolchain.device_tree). A checkout reads them where they are; pyproject.toml
holds everything else."""
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = "box_sources"  # lenotre/box_sources/: toolchain.SHIPPED
# (folder or file of the repository, whether only its .py files go); the builds read these:
# toolchain.build (firmware, shared_rules, pinout.json), image.build_uf2 (the board folder)
LANGUAGES = "lang"  # firmware/lang/: the languages' tables, which the builds translate with
BOX_SOURCES = (("firmware", True), ("shared_rules", True), ("hardware/pinout.json", False),
               ("hardware/micropython-board", False))


class build_py_with_box_sources(build_py):
    """setuptools' build_py, then the box's sources into the built package."""

    def run(self):
        build_py.run(self)
        if getattr(self, "editable_mode", False):
            return  # an editable install runs from the checkout, which has them in place
        here = os.path.dirname(os.path.abspath(__file__))
        out = os.path.join(self.build_lib, "lenotre", SHIPPED)
        shutil.rmtree(out, ignore_errors=True)
        for rel, only_py in BOX_SOURCES:
            src, dst = os.path.join(here, rel), os.path.join(out, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if os.path.isfile(src):
                shutil.copyfile(src, dst)
                continue
            skip = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(src, dst, ignore=lambda d, names: set(skip(d, names)) | (
                {n for n in names if only_py and os.path.isfile(os.path.join(d, n))
                 and not n.endswith(".py") and LANGUAGES not in d.split(os.sep)}))


setup(cmdclass={"build_py": build_py_with_box_sources})
