"""What `lenotre report` draws with, shared by its generic pages (lenotre.library) and by each
game's own (lenotre.games): svg.py, the text and layout of the hand-drawn SVG charts and the
pages; colours.py, the players' colours; figure.py, matplotlib's PNG figures. It names no
game: a game's own drawing lives in its rooms, lenotre/games/<name>*.py."""
