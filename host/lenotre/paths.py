"""Where lenotre keeps its files: platformdirs' user data and cache folders (pinned in
pyproject.toml), one definition for the library, the simulator's flash, the virtual Pico's
and the screen font's cache.

On Linux these are where lenotre always kept them ($XDG_DATA_HOME/lenotre, else
~/.local/share/lenotre; $XDG_CACHE_HOME/lenotre, else ~/.cache/lenotre). On macOS and Windows
platformdirs names the platform's own folders (~/Library/Application Support/lenotre,
%LOCALAPPDATA%\\lenotre); a folder that an earlier lenotre made at the XDG place stays in use
while the platform's does not exist, so nobody's games move or vanish."""
import os

import platformdirs

APP = "lenotre"


def _earlier(variable, *under_home):
    # where lenotre 0.1 kept its files on every platform: the XDG base directory's folder
    base = os.environ.get(variable, "").strip() or os.path.join(os.path.expanduser("~"),
                                                                 *under_home)
    return os.path.join(base, APP)


def _choose(platforms, earlier):
    if platforms != earlier and os.path.isdir(earlier) and not os.path.exists(platforms):
        return earlier
    return platforms


def data_dir():
    # the library (games.sqlite), the simulator's and the virtual Pico's flash
    return _choose(platformdirs.user_data_dir(APP, appauthor=False),
                   _earlier("XDG_DATA_HOME", ".local", "share"))


def cache_dir():
    # what can be made again (the screen font taken from MicroPython)
    return _choose(platformdirs.user_cache_dir(APP, appauthor=False),
                   _earlier("XDG_CACHE_HOME", ".cache"))
