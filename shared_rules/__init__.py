# Le Nôtre rules core: pure logic in the MicroPython subset. It runs unchanged on the Pico
# and on the desktop; nothing here does I/O.
