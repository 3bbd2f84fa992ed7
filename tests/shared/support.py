# Helpers for the shared tests: they run under pytest and under MicroPython's unix port, so
# no pytest imports and no fixtures here.
import sys

# A test that cannot run on this runtime calls skip(reason): both runners say "skipped" with
# the reason, never "passed". Under pytest (already loaded: it is running these tests) that is
# pytest's own skip; tests/run_shared.py catches Skipped, whichever class it is.
_pytest = sys.modules.get("pytest")
if _pytest is not None:
    Skipped = _pytest.skip.Exception

    def skip(reason):
        # pytest reports the skip at the test that called this, not at this line
        raise Skipped(reason, _use_item_location=True)
else:
    class Skipped(Exception):
        pass

    def skip(reason):
        raise Skipped(reason)


def micropython_only(why):
    # Skips the calling test unless it runs on MicroPython; `why`: what it needs of it.
    if sys.implementation.name != "micropython":
        skip("MicroPython only: " + why)


def raises(exc_type, fn, *args):
    # -> the exception fn(*args) raised; fails unless it is exc_type (subclasses count).
    try:
        fn(*args)
    except exc_type as exc:
        return exc
    raise AssertionError("%s(%r) did not raise %s" % (getattr(fn, "__name__", fn), args,
                                                       exc_type.__name__))


def mentions(exc, *words):
    # The message says what was wrong and what is allowed: check it names the key facts.
    text = str(exc)
    for w in words:
        if w not in text:
            raise AssertionError("message %r does not mention %r" % (text, w))
    return True


def play_rounds(game, count):
    # Plays `count` rounds with distinct high cards: round r of a stage gives seat p the card
    # 55 - r * players - p, so no card repeats within a stage and low cards stay free.
    for _ in range(count):
        top = 55 - game.round * game.n
        game.play_round([top - p for p in range(game.n)])


def finish_stage(game, sizes, claims=()):
    # Plays the rest of the stage, makes the claims [(seat, type, size)], reports the given
    # sizes per seat and scores the stage.
    play_rounds(game, 7 - game.round)
    for p, t, s in claims:
        game.claim(p, t, s)
    for p in range(game.n):
        game.report_areas(p, sizes[p])
    game.score()


# ---- scratch folders under out/ (git-ignored), with `os` calls only, as on the device ------
import os  # noqa: E402

_TAG = "".join(["%02x" % b for b in os.urandom(4)])  # one per process: runs may share out/


def _isdir(path):
    return os.stat(path)[0] & 0x4000 != 0


def append_until_full(store, gid, events, n):
    # Appends events[n:] to game gid until the store refuses one -> (the index of the event
    # refused, or len(events)), the StoreFull raised, or None)
    from flash import StoreFull
    while n < len(events):
        try:
            store.append(gid, events[n])
        except StoreFull as exc:
            return n, exc
        n += 1
    return n, None


def rmtree(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        p = path + "/" + name
        if _isdir(p):
            rmtree(p)
        else:
            os.remove(p)
    os.rmdir(path)


def scratch(name):
    # -> a fresh empty folder out/<name>_<tag> (cwd is the repo root under both runners)
    try:
        os.mkdir("out")
    except OSError:
        pass
    root = "out/%s_%s" % (name, _TAG)
    rmtree(root)
    os.mkdir(root)
    return root


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def write_file(path, data):
    with open(path, "wb") as f:
        f.write(data)


def copy_tree(src, dst):
    # Copies the files of folder src into folder dst (made if missing), `os` calls only
    try:
        os.mkdir(dst)
    except OSError:
        pass
    for name in os.listdir(src):
        with open(src + "/" + name, "rb") as a, open(dst + "/" + name, "wb") as b:
            b.write(a.read())


class Answers:
    # serve()'s write: the bytes it sends, a line whole or in pieces (memoryviews too);
    # fields() -> each line's fields, as the host's unframe reads them
    def __init__(self):
        self.data = bytearray()

    def __call__(self, piece):
        self.data.extend(piece)

    def fields(self):
        import link
        return [link.unframe(x) for x in bytes(self.data).split(b"\n") if x]


def link_sync(st, ident="ab" * 8):
    # Syncs store `st` through the firmware's link as a host does (LIST, READ every byte not
    # acknowledged, ACK it): -> {game id: the journal bytes read}. The journals are read
    # whole from byte 0, so the caller can compare them with what it expects.
    import binascii

    import link

    def talk(requests):
        lines = [link.frame(r).encode() for r in requests] + [link.frame("BYE").encode()]
        out = Answers()
        link.serve(st, iter(lines).__next__, out, ident, None)
        return out.fields()

    games = [(int(f[1]), int(f[2]), int(f[3])) for f in talk(["LIST"]) if f[0] == "GAME"]
    got = {}
    for gid, size, acked in games:
        data = b""
        while len(data) < size:
            f = talk(["READ %d %d %d" % (gid, len(data), link.FRAME)])[0]
            assert f[0] == "DATA", f
            data += binascii.a2b_base64(f[3])
        got[gid] = data
        if acked < size:
            assert talk(["ACK %d %d" % (gid, size)])[0] == ["ACKED", str(gid), str(size)]
    return got


# ---- the app on the simulated hardware (hal.sim): buttons and time -------------------------
def run(h, a, ms):
    # lets `ms` of the box's time pass, 10 ms a loop step
    for _ in range(ms // 10):
        h.clock.advance(10)
        a.step()


def press(h, a, button, ms=60):
    # a press of `ms` (700: a long press), then a short gap
    h.pins[button].level = 0
    run(h, a, ms)
    h.pins[button].level = 1
    run(h, a, 40)


def dropping(test):
    # A test of modules leaving the heap (app/codeheap.py): on CPython they stay
    # (codeheap.DROP) unless a test turns it on, as this does for the test it wraps
    def run():
        import sys
        from app import codeheap
        was, before = codeheap.DROP, dict(sys.modules)
        codeheap.DROP = True
        try:
            return test()
        finally:
            codeheap.DROP = was
            # the modules dropped come back as they were: the next test's classes are the
            # ones it imported (a second copy of a game's rules would not be them)
            for name in before:
                sys.modules[name] = before[name]
                if "." in name:
                    parent, leaf = name.rsplit(".", 1)
                    if parent in before:
                        setattr(before[parent], leaf, before[name])
    return run


def boot_box(flash):
    # The box booted on the simulated hardware over the folder `flash`, its first step run:
    # -> (hal, app). (app and hal load here: the rules tests that use support never load them)
    from app import App
    from hal import sim
    h = sim.build(flash)
    a = App(h)
    a.step()
    return h, a


def screen_texts(h):
    # -> the texts on the box's screen, as the app drew them
    return h.display.shown_texts


def screen_said(h):
    return " ".join(h.display.shown_texts)


def one_screen(text):
    # -> the lines a Message shows `text` in (app.ui.Message), checked to be one screen whole:
    # at most 6 lines of 16 columns, every word in order
    from app import ui
    lines = ui.wrap(text)
    assert len(lines) <= 6 and max(len(line) for line in lines) <= ui.COLS, lines
    assert " ".join(lines).split() == text.split(), lines
    return lines
