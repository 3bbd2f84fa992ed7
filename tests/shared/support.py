# Helpers for the shared tests: they run under pytest and under MicroPython's unix port, so
# no pytest imports and no fixtures here.


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
