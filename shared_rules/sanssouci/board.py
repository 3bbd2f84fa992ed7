# A player's garden in Sanssouci: 6 rows (a colour and a value each) by 9 motif columns, one
# byte a cell in a bytearray of 54, row by row. Pure functions over that bytearray: which cells
# a tile may go on, where a noble may walk and stop, which rows and columns are complete.
# Rows and columns are 0-based in the data (row r is worth r + 1 points); messages say the
# colour and the motif, as the board does.
from shared_rules.errors import local

ROWS = 6
COLS = 9
CELLS = ROWS * COLS
# The motif columns, in the order the issue lists them (the board's); ASCII for the screen.
# A message the box shows says these names, and the colours, through local() (the box's
# language: firmware/lang/<code>/sanssouci.tsv).
MOTIFS = ("Labyrinth", "Statue", "Pavillon", "Figur", "Treppe", "Brunnen", "Rosenbogen",
          "Kraeuterschnecke", "Weinstock")
# The rows, top to bottom: "Beige 1 (the first row, already built), Weiss 2 ... Tuerkis 6"
COLOURS = ("beige", "white", "grey", "orange", "violet", "turquoise")
FIRST = 1  # the first row a tile can go on: row 0 is built before the game starts

# What a cell holds. BUILT: the first row and the garden's pre-printed tiles.
EMPTY = 0
BUILT = 1
TILE = 2
GARDENER = 3


def value(row):
    return row + 1


def cell(row, motif):
    return row * COLS + motif


def name(c):
    # "grey Brunnen": the colour of its row and the motif of its column, as players say it (in
    # the box's language: the refusals the box shows name cells)
    return "%s %s" % (local(COLOURS[c // COLS]), local(MOTIFS[c % COLS]))


def new_garden(printed):
    g = bytearray(CELLS)
    for m in range(COLS):
        g[m] = BUILT
    for c in printed:
        g[c] = BUILT
    return g


def gardener_cells(g, row, motif):
    # The cells a gardener may go on when the tile's own cell is taken: "ein beliebiges
    # waagrechtes oder senkrechtes Gartenfeld ..., das von dem bereits besetzten Feld ausgeht"
    # (the empty cells of its row and its column); if those are all filled, any empty cell.
    out = [cell(row, m) for m in range(COLS) if not g[cell(row, m)]]
    out += [cell(r, motif) for r in range(ROWS) if not g[cell(r, motif)]]
    if out:
        out.sort()
        return out
    return [c for c in range(CELLS) if not g[c]]


def legal_cells(g, row, motif):
    # Where a tile of this motif taken from this colour may lie: its own cell if empty, else
    # (as a gardener) the cells gardener_cells allows.
    own = cell(row, motif)
    return [own] if not g[own] else gardener_cells(g, row, motif)


def regions(g):
    # -> bytearray: for each filled cell the number (1, 2, ...) of its region, the filled cells
    # joined step by step, one cell up, down, left or right at a time; 0 for an empty cell. A
    # noble reaches exactly the cells of its own region: "Adlige duerfen keine leeren
    # Gartenfelder ueberspringen"; gardener cells are walked over (docs/RULES.md).
    # The device asks this for every noble on every turn: no tuple of neighbours is made per
    # cell, only the label bytes and one stack.
    label = bytearray(CELLS)
    stack = []  # type: list[int]
    n = 0
    for first in range(CELLS):
        if not g[first] or label[first]:
            continue
        n += 1
        _join(g, label, stack, first, n)
        while stack:
            c = stack.pop()
            m = c % COLS
            if c >= COLS:
                _join(g, label, stack, c - COLS, n)
            if c < CELLS - COLS:
                _join(g, label, stack, c + COLS, n)
            if m:
                _join(g, label, stack, c - 1, n)
            if m < COLS - 1:
                _join(g, label, stack, c + 1, n)
    return label


def _join(g, label, stack, c, n):
    if g[c] and not label[c]:
        label[c] = n
        stack.append(c)


def noble_rows(g, motif, row, label=None):
    # -> the rows a noble of this motif standing in `row` may stop in: its own column, lower
    # down, in the noble's region (`label`: regions(g), computed here if not given), never a
    # gardener cell.
    if label is None:
        label = regions(g)
    here = label[cell(row, motif)]
    return [r for r in range(row + 1, ROWS)
            if here and label[cell(r, motif)] == here and g[cell(r, motif)] != GARDENER]


def complete_rows(g, first_row=0):
    # The rows the player built whole (gardener cells count: docs/RULES.md); the first row,
    # built before the game, among them only where the table scores it (first_row 1: the
    # house rule of docs/RULES.md S5)
    return [r for r in range(FIRST - first_row, ROWS)
            if all(g[cell(r, m)] for m in range(COLS))]


def complete_columns(g):
    return [m for m in range(COLS) if all(g[cell(r, m)] for r in range(ROWS))]


def count(g, what):
    n = 0
    for v in g:
        if v == what:
            n += 1
    return n
