# Where packs.ix does not match a pack (packix.py): its directory read from its headers, and
# packs.ix written again from every pack's directory.
from array import array

from flash import remove, size, write
from journal import parse
from packix import Seen
from packs import E, HEAD_MAX, HMAX, IX, NONE, P


def narrow(e):
    # -> whether every number of the entries fits packs.ix's 16 bits
    for x in e:
        if x > HMAX:
            return False
    return True


def scan(packs, no):
    # -> array("I") of pack no's directory read from its headers. Bytes after the last whole
    # game (a cut while filing, whose journal was kept, or damage) seal the pack.
    path = packs.path(no)
    end = size(path)
    found = array("I")
    pos = 0
    with open(path, "rb") as f:
        while pos < end:
            f.seek(pos)
            head = f.read(HEAD_MAX)
            i = head.find(b"\n") + 1
            try:
                v = parse(head[:i])
                g, n, z = v["g"], v["n"], v.get("z", 0)
            except Exception:
                break
            if pos + i + (z or n) > end:
                break
            found.append(g)
            found.append(pos + i)
            found.append(n)
            found.append(z)
            pos += i + (z or n)
    if pos < end and no not in packs.damaged:
        packs.damaged.add(no)
        packs.problems.append("p%04d.pak: %d unreadable bytes after byte %d, kept as is"
                              % (no, end - pos, pos))
    return found


def rewrite(packs):
    # packs.ix again from every pack's directory, in pack order (temp, then rename); the ids
    # filed more than once found again. A full flash leaves the directory out: the packs are
    # read from their headers.
    ps = packs.packs
    runs = array("I")  # a pack: its run's first entry, NONE where it has none
    at = [0]
    seen = Seen()
    packs.refiled = set()

    def chunks():
        for k in range(0, len(ps), P):
            e = packs.entries(ps[k])
            for i in range(0, len(e), E):
                if seen.again(e[i]):
                    packs.refiled.add(e[i])
            if not narrow(e):
                runs.append(NONE)
                continue
            n = size(packs.path(ps[k]))
            yield array("H", (0, ps[k], n & HMAX, n >> 16 | (
                0x8000 if ps[k] in packs.damaged else 0)))
            runs.append(at[0] + 1)
            at[0] += 1 + len(e) // E
            yield array("H", e)
    try:
        write(packs.dir, "packs", IX, chunks())
    except OSError:
        remove(packs.ix)
        runs = array("I", [NONE] * (len(ps) // P))
        at[0] = 0
    for j in range(len(runs)):
        ps[j * P + 4] = runs[j]
        if runs[j] != NONE:
            packs.loose.pop(ps[j * P], None)  # on flash now
    packs.ixn = at[0]
    packs.last = None
    for k in range(0, len(ps), P):
        if ps[k + 4] != NONE:
            packs.last = ps[k]
