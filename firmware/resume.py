# A game left unfinished going on as a new game (docs/FIRMWARE.md, "Store": resume), a part of
# the store (store.py) loaded for this alone: a box resumes a game rarely, and the heap of a
# box in play or at its Finished list keeps none of it, not even a method on Store.
from flash import CHUNK, StoreError, write
from journal import END


def resume(store, gid):
    # -> the new game's id. The old journal but its END record becomes the new game's, written
    # whole (temp, then rename), and only then is the old game deleted, synced or not: every
    # record of it, undone ones too, is in the new journal, and the PC gets them there. A
    # power cut between the two leaves both, nothing lost (the old one still listed, as it
    # was); so does a flash or a heap with no room to take the old one out of its pack
    # (`problems` says so).
    if not store.finished(gid):
        from shared_rules.errors import local  # the words of the box's language
        raise StoreError(local("game %d is being played; only a finished game is resumed") % gid)
    n = store.size(gid) - len(END)
    store._ensure(n)
    new = store.top() + 1

    def body():
        f = store._open(gid)[0]
        left = n
        with f:
            while left > 0:
                b = f.read(min(CHUNK, left))
                if not b:
                    break
                left -= len(b)
                yield b
    write(store.dir, "g%04d" % new, "g%04d.log" % new, body())
    store._top = new
    store._logs[new] = False
    store._game = (None, None)
    if store.mirror is not None:
        store._mirror(new, 0, b"")  # the copy starts again from the journal's last records
    try:
        store.delete(gid, copied=True)
    except Exception as exc:  # StoreFull, or no heap for the pack's index: the copy goes on
        store.problems.append("game %d stays beside its copy, game %d: %s" % (gid, new, exc))
    return new
