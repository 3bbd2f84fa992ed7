"""Games a box holds: its flash filled with real games of all four games until it refuses one.

Run: .venv/bin/python bench/capacity.py [--distinct N]

The games are simulated on CPython by the rules' own simulate modules (Versailles 2-5
players, Sanssouci 2-4, Gardens 2-4, Schlossgarten 2-4; N of each game, default 12), with the
row each leaves in labels.txt. The box is the firmware's store under the MicroPython unix port
on littlefs as the Pico has it: vfs.VfsLfs2 over a RAM block device of 352 blocks of 4 KiB
(the rp2 port's 1408 KiB partition at flash 0xA0000, progsize=256 as rp2's _boot.py mounts
it). Games are played into the store one after the other, as the app records them (new game,
its events, finish: filed in a pack; its Finished-menu row added), none synced, until the
store refuses a game (StoreFull): the figure is the finished games it then holds. Four fills:

- the box's own image: the firmware is in ROMFS, littlefs holds only data/;
- the official UF2: the firmware's files (as `lenotre flash` puts them, toolchain.build) on
  littlefs beside data/;
each with games filed compressed (the store's default) and plain (Store(squeeze=False): a
box before deflate, or CircuitPython's). Also printed: the bytes a game takes in the packs and
the time one filing takes on the unix port, compressed and plain, measured side by side.
bench/capacity_pico.py fills the box's own image on the emulated Pico with these games."""
import argparse
import importlib
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(HERE, "host"), HERE, os.path.join(HERE, "firmware")]

from lenotre.device import toolchain  # noqa: E402
from shared_rules.codec import encode  # noqa: E402

GAMES = (("versailles", (2, 3, 4, 5)), ("sanssouci", (2, 3, 4)), ("gardens", (2, 3, 4)),
         ("schlossgarten", (2, 3, 4)))
BLOCKS = 352

# Runs under the unix port: argv games file, firmware folder or "-", squeeze 0/1, repo root
BOX = r"""
import os, sys, time, vfs
games, fw, squeeze, root = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
sys.path[:0] = [root + "/firmware", root]
BLOCK = 4096
data = bytearray(%d * BLOCK)


class RAMBlocks:
    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = data[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        a = n * BLOCK + off
        data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return len(data) // BLOCK
        if op == 5:
            return BLOCK
        if op == 6:
            a = arg * BLOCK
            data[a:a + BLOCK] = b"\xff" * BLOCK
        return 0


bdev = RAMBlocks()
vfs.VfsLfs2.mkfs(bdev, progsize=256)
vfs.mount(vfs.VfsLfs2(bdev, progsize=256), "/flash")


def put(src, dst):
    for name in os.listdir(src):
        s, d = src + "/" + name, dst + "/" + name
        if os.stat(s)[0] & 0x4000:
            os.mkdir(d)
            put(s, d)
        else:
            with open(s, "rb") as f, open(d, "wb") as g:
                g.write(f.read())


if fw != "-":
    put(fw, "/flash")
st = os.statvfs("/flash")
fw_blocks = st[2] - st[3]
import labels, store
from shared_rules.codec import decode
s = store.Store("/flash/data", squeeze=squeeze)
rows = labels.Labels(s.dir, s)
src = open(games)
held = 0
filing = 0
try:
    while True:
        words = src.readline().strip()
        if not words:
            src.seek(0)
            words = src.readline().strip()
        gid = s.new_game(decode(src.readline()))
        line = src.readline()
        while line.strip() != "-":
            s.append(gid, decode(line))
            line = src.readline()
        t = time.ticks_us()
        s.finish(gid)
        filing += time.ticks_diff(time.ticks_us(), t)
        rows.add(gid, words)
        held += 1
except store.StoreFull:
    pass
packed = sum([os.stat(s.dir + n)[6] for n in os.listdir(s.dir) if n.endswith(".pak")])
filed = sum([1 for g, f, n in s.each() if f])
st = os.statvfs("/flash")
print("held", held, "filed", filed, "fw_blocks", fw_blocks, "free_blocks", st[3],
      "pack_bytes", packed, "filing_us", filing // max(held, 1))
""" % BLOCKS


def simulated(distinct):
    # -> [(game, its simulated game)]: N of each game, its players cycling through 2-5 (2-4);
    # the games a fill cycles through, here and in bench/capacity_pico.py
    out = []
    for name, players in GAMES:
        sim = importlib.import_module("shared_rules.%s.simulate" % name)
        for seed in range(1, distinct + 1):
            out.append((name, sim.play(seed, players[seed % len(players)])))
    return out


def write_games(path, distinct):
    # N games of each game, their events one a line, their row first, "-" after each
    journal = 0
    with open(path, "w") as out:
        for _, g in simulated(distinct):
            o = g.outcome
            w = o.winners[0] if o is not None else None
            words = ("w %d %s" % (g.totals()[w], g.players[w]) if w is not None else "l ?")
            out.write(words + "\n")
            for ev in g.log:
                out.write(encode(ev) + "\n")
            out.write("-\n")
            journal += 1
    return journal


def fill(micropython, work, games, fw, squeeze):
    script = os.path.join(work, "box.py")
    with open(script, "w") as f:
        f.write(BOX)
    out = subprocess.run([micropython, "-X", "heapsize=8M", script, games, fw,
                          "1" if squeeze else "0", HERE], capture_output=True, text=True,
                         timeout=3600, cwd=work)
    if out.returncode:
        raise RuntimeError(out.stdout + out.stderr)
    f = out.stdout.split()
    return dict(zip(f[0::2], [int(x) for x in f[1::2]]))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--distinct", type=int, default=12, help="games of each game simulated")
    args = p.parse_args()
    micropython = toolchain.tool("micropython")
    work = tempfile.mkdtemp(prefix="lenotre-bench-capacity-")
    try:
        games = os.path.join(work, "games.txt")
        n = write_games(games, args.distinct)
        fw = os.path.join(work, "fw")
        built = toolchain.build(fw)
        fw_bytes = sum(os.path.getsize(os.path.join(d, x)) for d, _, xs in os.walk(fw)
                       for x in xs)
        print("games a box holds: littlefs of %d blocks of 4 KiB, filled with %d distinct "
              "games (%d of each of the four, cycled) until the store refuses one"
              % (BLOCKS, n, args.distinct))
        print("firmware files for the official UF2: %d (%d bytes)" % (len(built) + 1, fw_bytes))
        res = {}
        for label, where in (("box's own image (firmware in ROMFS)", "-"),
                             ("official UF2 (firmware on littlefs)", fw)):
            for squeeze in (True, False):
                r = res[where, squeeze] = fill(micropython, work, games, where, squeeze)
                print("  %-37s %-10s %5d games held (%d filed, %d blocks firmware, %d free); "
                      "%d B a game in packs; filing %.1f ms a game (unix port)"
                      % (label, "compressed" if squeeze else "plain", r["held"], r["filed"],
                         r["fw_blocks"], r["free_blocks"], r["pack_bytes"] // max(r["filed"], 1),
                         r["filing_us"] / 1000))
        for where, label in (("-", "own image"), (fw, "official UF2")):
            print("  %s: compressed packs hold %.2fx the games of plain ones"
                  % (label, res[where, True]["held"] / res[where, False]["held"]))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
