"""The random-press soak of the simulated device (`lenotre sim --micropython`): the box as the
Pico holds it (.mpy, MicroPython's unix port, a 192 KB heap) in a process of its own, so
nothing but the box is in its heap, pressed through its line protocol by the seeded presses
of tests/shared/soak.py (the same xorshift, buttons, kinds and stretches of play and chaos).

What fails it: the device dying (a MemoryError the guard could not survive, a reply that
did not fit the heap), a crash the guard caught with no record in data/crash.log, and a
game the box holds that is not what its journal replays to (checked every CHECK presses
and across every power cycle: a new process on the same flash, as a reset is). A crash the
guard caught is counted, not hidden: `crashes` in the summary, and strict=True fails on it.

    python tests/host/simsoak.py PRESSES SEED [SEED...] [--build DIR] [--heap 192k]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
for _p in (os.path.join(ROOT, "host"), os.path.join(ROOT, "host", "lenotre", "shims"),
           os.path.join(ROOT, "tests", "shared"), os.path.join(ROOT, "firmware"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from soak import BUTTONS, CHAOS, KINDS, PICK, PLAY, RING, Rng  # noqa: E402

from lenotre.device.simclient import SimDevice, SimError  # noqa: E402

CHECK = 250  # presses between two checks of the held game against its journal
SESSION = 2000  # presses between power cycles


class SimSoakFailure(AssertionError):
    pass


class SimSoak:
    def __init__(self, flash, seed, build, heap="192k", strict=True):
        self.flash, self.seed, self.build, self.heap = flash, seed, build, heap
        self.strict = strict  # a crash the guard caught fails the soak
        self.rng = Rng(seed)
        self.presses = 0
        self.keys = []  # the last RING presses: "long back"
        self.crashes = []  # the guard's reports of the crashes it caught
        self.checks = 0
        self.cycles = 0
        self.dev = None
        self.power_on()

    # ---- the box ----------------------------------------------------------------------------
    def power_on(self):
        self.dev = SimDevice(self.flash, compiled=self.build, heap=self.heap, strict=False)
        self._cmd("wait 30")

    def power_cycle(self):
        # off (the process ends) and on again on the same flash: the box must hold the very
        # game it held, and its journal replay to it
        before = self.held()
        self.dev.close()
        self.power_on()
        after = self.held()
        self.checks += 1
        self.cycles += 1
        if before is not None and not before[1] and after != before:
            self.fail("game %d came back as %r, not as it was" % (before[0], after))

    def close(self):
        if self.dev is not None:
            self.dev.close()
            self.dev = None

    def _cmd(self, line):
        seen = len(self.dev.crashes)
        try:
            out = self.dev.cmd(line)
        except SimError as exc:
            heap = ""
            if self.dev.proc.poll() is None:  # alive: how full its heap is
                try:
                    heap = " (%s)" % self.dev.cmd("stats")
                except SimError:
                    pass
            self.fail("the device failed: %s%s" % (exc, heap))
        for report in self.dev.crashes[seen:]:  # two in one command: one before a restart
            self.crashed(report)
        return out

    def crashed(self, report):
        self.crashes.append(report)
        if not self._logged():
            self.fail("the guard caught %s but data/crash.log has no record of it (%d records, "
                      "%d crashes reported)" % (report, self._logged(True), len(self.crashes)))
        if self.strict:
            self.fail("the guard caught a crash: " + report)

    def _logged(self, count=False):
        # -> whether data/crash.log holds as many crashes as were reported (a report may
        # stand for several: a crash at boot and the restarts after it)
        import crashlog
        log = crashlog.CrashLog(os.path.join(self.flash, "data") + "/")
        return log.last if count else log.last >= len(self.crashes)

    # ---- pressing -----------------------------------------------------------------------------
    def press(self, mode):
        rng = self.rng
        what = rng.weighted(mode)
        r = rng.below(100)
        if PICK[what] == "undo":
            kind, button, ms = 1, 2, 650
        elif r < 88:
            kind, button, ms = 0, what, 60
        elif r < 95:
            kind, button, ms = 1, what, 650
        else:  # held into repeats
            kind, button, ms = 2, what, 650 + 150 * (1 + rng.below(12))
        name = BUTTONS[button]
        self.keys = (self.keys + ["%s %s" % (KINDS[kind], PICK[button])])[-RING:]
        self._cmd("down " + name)
        self._cmd("wait %d" % ms)
        self._cmd("up " + name)
        self._cmd("wait 40")
        if rng.below(20) == 0:
            self._cmd("wait 1600")  # long enough for a toast to go
        self.presses += 1

    def run(self, presses, session=SESSION, check=CHECK):
        mode = PLAY
        while self.presses < presses:
            if session and self.presses and self.presses % session == 0:
                self.power_cycle()
            if self.presses % 300 == 0:
                mode = CHAOS if self.rng.below(5) == 0 else PLAY
            self.press(mode)
            if self.presses % check == 0:
                self.check()
        self.check()
        self.power_cycle()
        return self

    # ---- checks -------------------------------------------------------------------------------
    def held(self):
        # -> (gid, over, events, crc) of the game the box holds (simdevice's `game`), or None
        for line in self._cmd("game"):
            if line == "game none":
                return None
            if line.startswith("game "):
                gid, over, n, crc = line[5:].split()
                return int(gid), over == "1", int(n), int(crc)
        self.fail("no reply to `game`")

    def check(self):
        # The game the box holds took, record for record, what its journal holds (read by
        # the firmware's own store on the desktop), and that journal replays by the rules
        held = self.held()
        self.checks += 1
        if held is None:
            return
        gid, over, n, crc = held
        journal = journal_of(self.flash, gid)
        if (n, crc) != journal[:2]:
            self.fail("game %d: the box holds %d events (CRC %08x), its journal %d (%08x)"
                      % (gid, n, crc, journal[0], journal[1]))
        if over != journal[2]:
            self.fail("game %d: over on the box: %s, by its journal's replay: %s"
                      % (gid, over, journal[2]))

    def fail(self, why):
        text = "sim soak seed %d, press %d: %s\nlast keys, oldest first:\n  %s" % (
            self.seed, self.presses, why, "\n  ".join(self.keys))
        self.close()
        raise SimSoakFailure(text)

    def summary(self):
        return ("seed %d: %d presses, %d power cycles, %d checks, crashes %d%s"
                % (self.seed, self.presses, self.cycles, self.checks, len(self.crashes),
                   "".join("\n  " + c for c in self.crashes)))


def journal_of(flash, gid):
    # -> (records, CRC32 of their texts as simdevice.log_crc takes them, whether its replay
    # by the rules core is over) of game gid's journal on the flash folder
    import binascii

    import store
    from shared_rules import games
    from shared_rules.codec import encode
    from shared_rules.records import pack
    events = store.Store(os.path.join(flash, "data")).events(gid)
    crc = 0
    name = events[0].get("game")
    for ev in events:
        crc = binascii.crc32(encode(pack(ev, name)).encode() + b"\n", crc)
    return len(events), crc & 0xFFFFFFFF, games.replay(events).outcome is not None


def soak(flash, seed, presses, build, heap="192k", strict=True, session=SESSION):
    s = SimSoak(flash, seed, build, heap, strict)
    try:
        return s.run(presses, session)
    finally:
        s.close()


def main(argv):
    import tempfile
    build, heap = None, "192k"
    if "--build" in argv:
        i = argv.index("--build")
        build = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    if "--heap" in argv:
        i = argv.index("--heap")
        heap = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    presses = int(argv[0]) if argv else 5000
    seeds = [int(a) for a in argv[1:]] or [1, 2, 3]
    with tempfile.TemporaryDirectory(prefix="simsoak-") as scratch:
        if build is None:
            from lenotre.device import toolchain
            build = os.path.join(scratch, "build")
            toolchain.build(build)
        failed = 0
        for seed in seeds:
            try:
                print(soak(os.path.join(scratch, "flash%d" % seed), seed, presses, build,
                           heap, strict=False).summary(), flush=True)
            except SimSoakFailure as exc:
                print(exc, flush=True)
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
