# The simulated box for the tests that play whole games through its buttons, on each runtime:
# "cpython", "micropython" (from source) and "micropython-mpy" (the .mpy build, as a Pico
# holds it: conftest's device_build), and what it journalled, read by the firmware's store.
import os

from lenotre.device.simclient import SimDevice


def device(flash, runtime, request):
    return SimDevice(flash, micropython=runtime != "cpython",
                     compiled=request.getfixturevalue("device_build")
                     if runtime.endswith("mpy") else None)


def box_journal(flash):
    # -> (the firmware's store over the box's flash, the ids of the games on it)
    import store
    s = store.Store(os.path.join(flash, "data"))
    return s, [gid for gid, _ in s.games()]
