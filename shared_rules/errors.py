# Every rule violation is a RulesError subclass with a message a player understands: what was
# wrong and what is allowed. The game state is unchanged after any of them. These are the
# kinds more than one game raises; a game's own are in its package (shared_rules/<game>/
# errors.py), loaded with its rules only.


class RulesError(ValueError):
    pass


class InvalidSetup(RulesError):
    pass


class UnknownPlayer(RulesError):
    pass


class UnknownType(RulesError):
    pass


class InvalidCard(RulesError):
    # a card outside 1..55, or a round without exactly one card per player
    pass


class OutOfTurn(RulesError):
    # the event is not allowed in the current phase (e.g. scoring before round 7)
    pass


class IllegalPlacement(RulesError):
    # a tile overlapping the garden or not edge-connected to it
    pass


class NothingToUndo(RulesError):
    pass


class InvalidEvent(RulesError):
    # an event of unknown kind or with missing/ill-typed fields
    pass


# ---- the box's language ---------------------------------------------------------------------
# A refusal's words and the names the rules give (colours, areas, elements) are English here,
# as the desktop says them. A box set to another language has that language's tree first on
# its path (docs/LANGUAGES.md), and in it the build's tables, each one string of pairs
# ("\nEnglish<TAB>said"): `words.table` (that string for the names and every text up to SHORT
# characters, kept loaded, and how many pieces the longer texts given to local() are in) and
# `lang_texts_0.table`, ... (those pieces, about 1 KB each, each loaded while it is searched:
# a refusal is seldom; their words would take a heap of their own at play, and 11 KB in one
# block a heap in pieces lacks). Its names are ones the box has already (words, table): every
# new name a loaded module uses stays interned (docs/FIRMWARE.md, "MicroPython's table of
# names").
SHORT = 16
table = None  # type: tuple | None  # words.table once looked for; (): none (English)


def local(text):
    """`text` in the box's language: a refusal's words before their % values are filled in,
    or a name the rules give. English (and any text the language's tables lack) as is."""
    global table
    if table is None:
        try:
            import words  # only a language tree has it
            table = words.table
        except ImportError:
            table = ()
    if not table:
        return text
    import sys
    pairs, pieces = table
    for i in range(-1, pieces if len(text) > SHORT else 0):
        if i >= 0:  # a longer text: the pieces, one at a time
            name = "lang_texts_%d" % i
            try:
                pairs = __import__(name).table
            except ImportError:
                return text
            finally:
                sys.modules.pop(name, None)
        at = pairs.find("\n" + text + chr(9))  # a TAB: not spelt "\t", one name fewer
        if at >= 0:
            at += len(text) + 2
            return pairs[at:pairs.find("\n", at)]
    return text
