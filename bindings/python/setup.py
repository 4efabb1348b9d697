"""Build hook for pyproject.toml: writes puzzlecore/_cdef.py (the C
declarations) and puzzlecore/_config.py (the library's directory) into the
built package, from $PUZZLECORE_CDEF / $PUZZLECORE_LIBDIR or pkg-config."""
import os
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py


def _pkgconfig(*args):
    try:
        return subprocess.run(["pkg-config", *args, "libpuzzlecore"], check=True, capture_output=True,
                              text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def _cdef():
    path = os.environ.get("PUZZLECORE_CDEF") or _pkgconfig("--variable=cdef")
    if not path or not os.path.exists(path):
        raise SystemExit("puzzlecore: cannot find puzzlecore.cdef (install libpuzzlecore, make "
                         "pkg-config find it, or set PUZZLECORE_CDEF)")
    with open(path, encoding="utf-8") as f:
        return f.read()


class BuildPy(build_py):
    def run(self):
        super().run()
        pkg = os.path.join(self.build_lib, "puzzlecore")
        with open(os.path.join(pkg, "_cdef.py"), "w", encoding="utf-8") as f:
            f.write('# Written by the pip build: the C declarations.\nSOVERSION = %d\nCDEF = r"""\n%s"""\n'
                    % (int(os.environ.get("PUZZLECORE_SOVERSION", "2")), _cdef()))
        libdir = os.environ.get("PUZZLECORE_LIBDIR") or _pkgconfig("--variable=libdir")
        with open(os.path.join(pkg, "_config.py"), "w", encoding="utf-8") as f:
            f.write("# Written by the pip build.\nLIBDIR_RELATIVE = None\nLIBDIR = %r\n" % libdir)


setup(version=(_pkgconfig("--modversion") or "0.1.0"), cmdclass={"build_py": BuildPy})
