"""The desktop tool imports what it shares with the box (record format, framing, palette,
roster limits, wall time) from shared_rules/, normally: it never puts firmware/ on sys.path
and never loads a firmware module (issue #11, "Desktop")."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# every module of the desktop package, imported in a fresh interpreter (pytest's conftest
# puts firmware/ on sys.path for the firmware's own tests, so the check runs outside it)
CHECK = """
import os, pkgutil, importlib, sys
import lenotre
for info in pkgutil.walk_packages(lenotre.__path__, "lenotre."):
    if not info.name.startswith("lenotre.shims"):
        importlib.import_module(info.name)
fw = os.path.join(%r, "firmware")
print("firmware on sys.path:", [p for p in sys.path if os.path.abspath(p) == fw])
print("firmware modules:", sorted(n for n, m in sys.modules.items()
      if os.path.abspath(getattr(m, "__file__", None) or "/").startswith(fw + os.sep)))
"""


def test_no_desktop_module_borrows_the_firmware_through_sys_path():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "host") + os.pathsep + ROOT,
               MPLBACKEND="Agg")
    out = subprocess.run([sys.executable, "-c", CHECK % ROOT], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "firmware on sys.path: []" in out.stdout, out.stdout
    assert "firmware modules: []" in out.stdout, out.stdout
