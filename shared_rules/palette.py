# The players' colours: a player's colour is their name at the table (the box's setup offers a
# game's colours), their NeoPixel glows in it and the PC's charts draw them in it. These are
# the box's own, for a game whose rulebook gives the players none; a game whose rulebook does
# has its own, its rules' SEATS (shared_rules/<game>/game.py). Shared by the box
# (firmware/app/colors.py) and the PC (lenotre.draw.colours).
PALETTE = (
    ("Orange", (255, 80, 0)),
    ("Purple", (150, 0, 255)),
    ("Cyan", (0, 190, 255)),
    ("Pink", (255, 0, 110)),
    ("Lime", (120, 255, 0)),
    ("Silver", (160, 160, 160)),
)
LUDWIG = (255, 170, 0)  # King Ludwig's seat (Versailles' bot player)
