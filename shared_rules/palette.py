# The players' colours: a player's NeoPixel colour is their name at the table (the box's setup
# offers these names), and the PC's charts draw each player in theirs. Shared by the box
# (firmware/app/colors.py) and the PC (lenotre.library.charts).
PALETTE = (
    ("Orange", (255, 80, 0)),
    ("Purple", (150, 0, 255)),
    ("Cyan", (0, 190, 255)),
    ("Pink", (255, 0, 110)),
    ("Lime", (120, 255, 0)),
    ("Silver", (160, 160, 160)),
)
LUDWIG = (255, 170, 0)  # King Ludwig's seat (Versailles' bot player)
