# Boot: hold any button while the box starts to skip the app and keep the REPL free for
# mpremote; otherwise resume the unfinished game or show the menu.
from hal import pico

import app

app.start(pico.build())
